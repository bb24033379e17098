/** The console's few repeated class lists (Tailwind), so its sections look alike. */
/**
 * The page of a lone card (sign-in, enrolment, the check before either): the card hangs from the
 * top, so when its content arrives it grows downwards and nothing on screen moves.
 */
export const loneCardPage = 'flex min-h-screen items-start justify-center px-4 pt-[12vh] pb-12 focus:outline-none';

export const card = 'rounded-xl border border-white/10 bg-surface-900 p-4 sm:p-6';
export const input =
  'block w-full rounded-lg border border-white/20 bg-surface-950 px-3 py-2 text-base text-white placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 sm:text-sm';
export const label = 'mb-1 block text-sm font-medium text-slate-200';
export const fieldError = 'mt-1 text-sm text-rose-300';
export const sectionTitle = 'text-2xl font-bold text-white focus:outline-none';
export const subTitle = 'text-lg font-semibold text-white';
export const muted = 'text-sm text-slate-400';
export const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';
export const badgeTones = {
  neutral: 'bg-white/5 text-slate-200 ring-white/15',
  good: 'bg-emerald-500/10 text-emerald-300 ring-emerald-500/30',
  warn: 'bg-amber-500/10 text-amber-200 ring-amber-500/30',
  bad: 'bg-rose-500/10 text-rose-200 ring-rose-500/30',
  brand: 'bg-brand-500/15 text-brand-300 ring-brand-400/30',
} as const;
