import type { ReactNode } from 'react';

const tones = {
  error: 'border-rose-500/40 bg-rose-500/10 text-rose-100',
  info: 'border-sky-500/40 bg-sky-500/10 text-sky-100',
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-100',
} as const;

/**
 * A message in the page's flow. Errors are alerts (read out at once); the others are polite
 * status messages. The live region is always there, so a message put into it is announced.
 */
export function Notice({ tone, children, id }: { tone: keyof typeof tones; children?: ReactNode; id?: string }) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={children ? `rounded-lg border px-4 py-3 text-sm ${tones[tone]}` : undefined}>
      {children}
    </div>
  );
}
