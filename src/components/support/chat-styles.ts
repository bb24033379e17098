/** The chat's shared classes: fields and the small text buttons. */
export const fieldClass =
  'w-full rounded-lg border border-white/10 bg-surface-950 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-none';
export const linkButtonClass = 'text-sm font-medium text-brand-300 underline-offset-4 hover:underline disabled:opacity-60';
export const problemClass = 'text-sm text-red-300';

/** A text with {placeholders} filled in. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
