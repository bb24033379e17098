/**
 * The visitor's own latency to a location: the median of five timed round-trips to its
 * endpoint, after one untimed request that opens the connection (DNS, TCP and TLS are not
 * latency). Locations are measured in turns, one request each per round, so a passing burst
 * on the visitor's line weighs on all of them alike. Pure apart from the fetch and clock given.
 */
export const latencyRounds = 5;
export const latencyTimeoutMs = 3000;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The index of the lowest latency, when at least two were measured (one alone is not "lowest"). */
export function lowestIndex(latencies: readonly (number | undefined)[]): number | undefined {
  let best: number | undefined;
  let measured = 0;
  latencies.forEach((ms, i) => {
    if (ms === undefined) return;
    measured += 1;
    if (best === undefined || ms < latencies[best]!) best = i;
  });
  return measured >= 2 ? best : undefined;
}

export interface LatencyTools {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
}

/** One round-trip, in ms; undefined when it failed, was blocked or took too long. */
async function roundTrip(url: string, tools: LatencyTools): Promise<number | undefined> {
  const started = tools.now();
  try {
    const response = await tools.fetch(url, { cache: 'no-store', mode: 'cors', credentials: 'omit', signal: AbortSignal.timeout(latencyTimeoutMs) });
    if (!response.ok) return undefined;
    await response.arrayBuffer();
    return tools.now() - started;
  } catch {
    return undefined;
  }
}

/**
 * Measures every endpoint; each result is the median in whole ms, or undefined for an endpoint
 * that failed any request (a quiet fallback: nothing is shown for it).
 */
export async function measureLatencies(endpoints: readonly string[], tools: LatencyTools): Promise<(number | undefined)[]> {
  const samples: (number[] | undefined)[] = endpoints.map(() => []);
  for (let round = 0; round <= latencyRounds; round++) {
    for (let i = 0; i < endpoints.length; i++) {
      if (!samples[i]) continue;
      const ms = await roundTrip(endpoints[i]!, tools);
      if (ms === undefined) samples[i] = undefined;
      else if (round > 0) samples[i]!.push(ms);
    }
  }
  return samples.map((s) => (s && s.length === latencyRounds ? Math.max(1, Math.round(median(s))) : undefined));
}
