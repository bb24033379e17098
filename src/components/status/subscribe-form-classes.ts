/** The classes the status board's subscribe form (SubscribeForm.tsx) and its parts share. */
export const inputClass =
  'mt-1 block w-full rounded-lg bg-surface-950/80 px-3 py-2 text-sm text-white ring-1 ring-white/10 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-400 focus:outline-none aria-[invalid=true]:ring-red-400/70';
export const choiceClass = 'flex items-center gap-2 text-sm text-slate-200';
export const radioClass = 'size-4 accent-brand-500';
