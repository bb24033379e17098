import { Info } from 'lucide-react';
import type { SamplePanel, SampleSection } from '../../data/panel-samples.ts';
import { cardVariants } from '../ui/card-variants.ts';

type Tone = 'good' | 'warn' | 'bad' | 'neutral';
const toneClasses: Record<Tone, string> = {
  good: 'bg-green-500/15 text-green-300 ring-green-400/30',
  warn: 'bg-yellow-500/15 text-yellow-200 ring-yellow-400/30',
  bad: 'bg-red-500/15 text-red-300 ring-red-400/30',
  neutral: 'bg-white/5 text-slate-300 ring-white/15',
};

function Badge({ text, tone }: { text: string; tone: Tone }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${toneClasses[tone]}`}>{text}</span>;
}

function SectionView({ section }: { section: SampleSection }) {
  return (
    // min-w-0: a grid item, it would otherwise grow to its table's width and push the page sideways on a phone.
    <section className={cardVariants({ className: 'min-w-0 p-5' })}>
      <h3 className="font-semibold text-white">{section.title}</h3>
      {section.kind === 'table' && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead>
              <tr className="border-b border-white/10 text-xs tracking-wide text-slate-400 uppercase">
                {section.columns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static sample rows, never reordered: a row's place is its identity.
                <tr key={index} className="border-b border-white/5 last:border-0">
                  {row.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column.
                    <td key={cellIndex} className="py-2.5 pr-4 text-slate-200">
                      {typeof cell === 'string' ? cell : <Badge text={cell.text} tone={cell.tone} />}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {section.kind === 'stats' && (
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {section.items.map((item) => (
            <div key={item.label}>
              <dt className="text-xs text-slate-400">{item.label}</dt>
              <dd className="mt-0.5 text-sm text-slate-100">{item.tone ? <Badge text={item.value} tone={item.tone} /> : item.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {section.kind === 'links' && (
        <ul className="mt-3 space-y-2">
          {section.items.map((item) => (
            <li key={item.label}>
              <a href={item.href} className="block rounded-lg border border-white/5 px-3 py-2 hover:border-brand-400/40 hover:bg-white/5">
                <span className="font-medium text-brand-300">{item.label}</span>
                <span className="block text-sm text-slate-400">{item.description}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A static sample tab (Web, VPS, Dev): clearly labelled as sample content. */
export function SamplePanelView({ panel }: { panel: SamplePanel }) {
  return (
    <>
      {/* The sections are h3s under this heading, so the outline never skips a level. */}
      <h2 className="sr-only">{panel.label}</h2>
      <div className="space-y-5">
        <div className="flex items-start gap-3 rounded-xl border border-yellow-400/25 bg-yellow-500/10 px-4 py-3 text-sm text-yellow-100">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong className="font-semibold">Sample content.</strong> {panel.intro} These figures are examples, not your account.
          </p>
        </div>
        <div className="grid gap-5 lg:grid-cols-2">
          {panel.sections.map((section) => (
            <SectionView key={section.title} section={section} />
          ))}
        </div>
      </div>
    </>
  );
}
