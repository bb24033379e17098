import { Counter, type Registry } from 'prom-client';
import type { AttemptOutcome } from './outbox-tables.ts';

/**
 * A queue's counter of delivery attempts that failed or were rate limited, by channel and
 * outcome, every series there from the start (at 0). Returns the hook the queue's worker
 * calls after each attempt.
 */
export function countAttemptFailures(
  registry: Registry,
  metric: { name: string; help: string },
  channels: readonly string[],
): (channel: string, outcome: AttemptOutcome) => void {
  const failures = new Counter({ ...metric, labelNames: ['channel', 'outcome'], registers: [registry] });
  for (const channel of channels) for (const outcome of ['failed', 'rate_limited']) failures.inc({ channel, outcome }, 0);
  return (channel, outcome) => {
    if (outcome !== 'delivered') failures.inc({ channel, outcome });
  };
}
