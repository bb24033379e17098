import type { ReactNode } from 'react';

/** A call-to-action band: title, text and buttons (links). */
export function CtaBlock({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-3xl border border-brand-400/20 bg-gradient-to-br from-brand-700/50 via-surface-900 to-surface-900 px-6 py-12 text-center sm:px-12">
        {/* A radial gradient, not a blurred shape: the same glow without an expensive filter to paint. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_50%_at_50%_0%,rgb(99_102_241/0.3),transparent)]"
        />
        <h2 className="relative text-2xl font-bold text-white sm:text-3xl">{title}</h2>
        <p className="relative mx-auto mt-3 max-w-xl text-slate-200">{text}</p>
        <div className="relative mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
