/**
 * The resource history's figures as the page shows them: the stored samples with the live
 * readings taken since appended, and the text alternative of a chart (lowest, highest, latest)
 * and its table of averages.
 */

export interface Sample {
  at: number;
  cpu: number;
  memory: number;
  disk: number;
}

export type Metric = 'cpu' | 'memory' | 'disk';

/** Readings closer together than this are not both drawn: the live updates come every 10 s. */
export const liveSpacingMs = 10_000;

/**
 * The stored samples within `[since, ∞)`, then the live readings newer than the last stored one
 * (at most one per liveSpacingMs), oldest first.
 */
export function withLiveReadings(stored: readonly Sample[], live: readonly Sample[], since: number): Sample[] {
  const merged = stored.filter((s) => s.at >= since);
  let last = merged.at(-1)?.at ?? since - liveSpacingMs;
  for (const reading of live) {
    if (reading.at < since || reading.at - last < liveSpacingMs) continue;
    merged.push(reading);
    last = reading.at;
  }
  return merged;
}

/** Lowest, highest and latest of one metric; undefined without samples. */
export function extremes(samples: readonly Sample[], metric: Metric): { low: number; high: number; latest: number } | undefined {
  if (samples.length === 0) return undefined;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const sample of samples) {
    low = Math.min(low, sample[metric]);
    high = Math.max(high, sample[metric]);
  }
  return { low, high, latest: samples.at(-1)![metric] };
}

/** Averages over consecutive periods of `bucketMs` (only periods with samples), oldest first. */
export function averages(samples: readonly Sample[], bucketMs: number): Sample[] {
  const buckets = new Map<number, { at: number; cpu: number; memory: number; disk: number; n: number }>();
  for (const sample of samples) {
    const key = Math.floor(sample.at / bucketMs) * bucketMs;
    const bucket = buckets.get(key) ?? { at: key, cpu: 0, memory: 0, disk: 0, n: 0 };
    bucket.cpu += sample.cpu;
    bucket.memory += sample.memory;
    bucket.disk += sample.disk;
    bucket.n += 1;
    buckets.set(key, bucket);
  }
  return [...buckets.values()].sort((a, b) => a.at - b.at).map((b) => ({ at: b.at, cpu: b.cpu / b.n, memory: b.memory / b.n, disk: b.disk / b.n }));
}

/**
 * A round top for a chart's axis: the plan's limit once the values come near it (half of it),
 * else a round number just above the highest value, so small figures still draw a visible line.
 */
export function axisTop(high: number, limit: number): number {
  if (limit > 0 && high >= limit / 2 && high <= limit) return limit;
  if (high <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(high));
  for (const step of [1, 2, 2.5, 5, 10]) if (high <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}
