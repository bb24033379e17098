/** datetime-local values in the reader's own time zone, as the console's forms take times. */

/** The reader's time zone, named beside every time field. */
export const readerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A datetime-local value as ISO 8601, or what was typed when it is not a time (the server names the field). */
export function isoOf(local: string): string {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
}

/** A moment as a datetime-local value, in the reader's time zone. */
export function localOf(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
