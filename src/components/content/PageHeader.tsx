import type { ReactNode } from 'react';
import { pageInfo } from '../../data/pages.ts';

interface PageHeaderProps {
  /** The route: its heading (the page's one h1) comes from src/data/pages.ts. */
  path: string;
  /** A short label above the heading. */
  eyebrow?: string;
  /** The lead paragraph; defaults to the page's description. */
  intro?: ReactNode;
  children?: ReactNode;
}

/** The top of a content page: eyebrow, h1 and lead paragraph. */
export function PageHeader({ path, eyebrow, intro, children }: PageHeaderProps) {
  const info = pageInfo(path);
  return (
    <header className="mx-auto max-w-4xl px-4 pt-10 pb-12 text-center sm:px-6 sm:pt-16 lg:px-8">
      {eyebrow && (
        <p className="mb-4 inline-flex items-center rounded-full border border-brand-400/30 bg-brand-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-300 uppercase">
          {eyebrow}
        </p>
      )}
      <h1 className="bg-gradient-to-b from-white to-slate-300 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl">
        {info.heading}
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{intro ?? info.description}</p>
      {children}
    </header>
  );
}
