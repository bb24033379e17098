import { Check } from 'lucide-react';

interface CheckListProps {
  items: readonly string[];
  /** Classes of the list (spacing, text size and colour). */
  className?: string;
  /** Colour of the tick. */
  tone?: 'emerald' | 'brand';
  'aria-label'?: string;
}

const tones = { emerald: 'text-emerald-400', brand: 'text-brand-300' } as const;

/** A list whose items each start with a tick: plan features, benefits, requirements. */
export function CheckList({ items, className = 'space-y-2 text-sm text-slate-200', tone = 'emerald', 'aria-label': label }: CheckListProps) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${tones[tone]}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
