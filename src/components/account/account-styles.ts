/** The account pages' shared classes. */
export const fieldClass =
  'w-full rounded-lg border border-white/20 bg-surface-950 px-3 py-2 text-base text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-none';
export const cardClass = 'rounded-2xl border border-white/10 bg-surface-900/80 p-5 sm:p-6';
export const problemClass = 'text-sm text-red-300';
export const noteClass = 'text-sm text-slate-300';

/** A path of this site to return to after signing in (never another origin), else the Control Panel. */
export function returnPath(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/control-panel';
  return value;
}
