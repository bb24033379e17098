import type { ReactNode } from 'react';

interface SectionProps {
  /** The section's h2. */
  title: string;
  /** Optional text under the title. */
  lead?: string;
  id?: string;
  children: ReactNode;
}

/** A page section with a centred h2. */
export function Section({ title, lead, id, children }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-3 text-slate-300">{lead}</p>}
      </div>
      <div className="mt-10">{children}</div>
    </section>
  );
}

/** A rounded tile holding an icon. */
export function IconTile({ children }: { children: ReactNode }) {
  return <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/20">{children}</span>;
}
