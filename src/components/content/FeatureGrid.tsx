import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/Card.tsx';
import { IconTile } from './Section.tsx';

export interface Feature {
  title: string;
  description: string;
  Icon: LucideIcon;
}

/** Cards of icon, title and text, in a responsive grid. */
export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {features.map(({ title, description, Icon }) => (
        <li key={title}>
          <Card surface="soft" shadow="lifted" className="h-full p-6 transition-colors hover:border-brand-400/40">
            <IconTile>
              <Icon aria-hidden="true" className="size-5" />
            </IconTile>
            <h3 className="mt-4 text-lg font-semibold text-white">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-300">{description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Big numbers in a row. */
export function StatRow({ stats }: { stats: { value: string; label: string }[] }) {
  return (
    <dl className={`mx-auto grid max-w-5xl gap-3 px-4 sm:gap-4 sm:px-6 lg:px-8 ${stats.length === 4 ? 'grid-cols-2 lg:grid-cols-4' : 'grid-cols-3'}`}>
      {stats.map((s) => (
        <div
          key={s.label}
          className="flex flex-col-reverse justify-end rounded-2xl border border-white/10 bg-gradient-to-b from-surface-800/80 to-surface-900/60 p-3 text-center sm:p-5"
        >
          <dt className="mt-1 text-xs text-slate-300 sm:text-sm">{s.label}</dt>
          <dd className="text-lg font-extrabold text-white sm:text-3xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
