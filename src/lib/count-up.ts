/** The home counters run this long by default (docs/decisions.md 22). */
export const countUpDuration = 2000;
/** …and start once at least this share of them is visible. */
export const countUpThreshold = 0.1;

/** The value shown `elapsed` ms into a count from 0 to `target` (ease-out, whole numbers, exact at the end). */
export function countUpValue(target: number, elapsed: number, duration = countUpDuration): number {
  if (elapsed <= 0) return 0;
  if (elapsed >= duration) return target;
  const t = elapsed / duration;
  const eased = 1 - (1 - t) ** 3;
  return Math.min(target, Math.round(target * eased));
}
