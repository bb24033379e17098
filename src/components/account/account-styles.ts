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

const returnKey = 'hf_signin_return';

/** Keeps where an e-mail link's sign-in should go on (the link opens in another tab of this browser). */
export function rememberReturn(path: string): void {
  try {
    localStorage.setItem(returnKey, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the link goes to the Control Panel.
  }
}

/** The place kept by rememberReturn within the link's 15 minutes, once; else the Control Panel. */
export function takeReturn(): string {
  try {
    const kept = JSON.parse(localStorage.getItem(returnKey) ?? 'null') as { path?: string; at?: number } | null;
    localStorage.removeItem(returnKey);
    if (kept && typeof kept.at === 'number' && Date.now() - kept.at < 15 * 60_000) return returnPath(kept.path ?? null);
  } catch {
    // Nothing usable kept.
  }
  return '/control-panel';
}
