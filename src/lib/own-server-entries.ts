// The visitor's own servers on the status board: what an entry shows and how a check changes it.
// Pure functions (test/unit/own-server-entries.test.ts); storage is src/components/status/own-servers.ts,
// the checks every 30 s src/components/status/use-own-servers.ts.
import type { CheckAnswer, Reading } from '../../contracts/status.ts';
import type { CheckType, ServerStatus, ShownStatus } from '../../contracts/status-rules.ts';
import { appendReading } from './status-updates.ts';

/** An entry as this browser keeps it (localStorage). */
export interface OwnServer {
  id: string;
  name: string;
  /** host[:port]; absent for an entry that is only a name. */
  address?: string;
  type: CheckType;
  addedAt: number;
}

/** An entry as the board shows it: what the checks since the page opened found. */
export interface OwnEntry extends OwnServer {
  status: ShownStatus;
  latency: number;
  history: Reading[];
  checks: number;
  ups: number;
  detail?: string;
  problem?: string;
}

/** A stored entry before its first check: waiting for it, or (only a name) shown as operational. */
export function unchecked(server: OwnServer): OwnEntry {
  return { ...server, status: server.address ? 'pending' : 'operational', latency: 0, history: [], checks: 0, ups: 0 };
}

/** The state a check's answer means: no answer is down, over 300 ms degraded (docs/decisions.md 28). */
export function statusOfAnswer(answer: CheckAnswer): ServerStatus {
  if (!answer.ok) return 'down';
  return answer.latency <= 300 ? 'operational' : 'degraded';
}

/** "3/20 players · 1.21.4", or nothing when the server told neither. */
export function detailOfAnswer(answer: CheckAnswer): string | undefined {
  const parts = [answer.players && `${answer.players.online}/${answer.players.max} players`, answer.version].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

/** The entry after a check answered at `at` (epoch ms). */
export function afterCheck(entry: OwnEntry, answer: CheckAnswer, at: number): OwnEntry {
  const status = statusOfAnswer(answer);
  return {
    ...entry,
    status,
    latency: answer.latency,
    history: appendReading(entry.history, { timestamp: at, latency: answer.latency }),
    checks: entry.checks + 1,
    ups: entry.ups + (status === 'down' ? 0 : 1),
    detail: detailOfAnswer(answer),
    problem: undefined,
  };
}

/** The share of checks that found the server up, in percent (two decimals, rounded down); null before the first (docs/decisions.md 12). */
export function ownUptime(entry: OwnEntry): number | null {
  return entry.checks === 0 ? null : Math.floor((entry.ups / entry.checks) * 10_000) / 100;
}

/** What is stored of the entries: what the visitor entered, not what the checks found. */
export function storedOf(entries: readonly OwnEntry[]): OwnServer[] {
  return entries.map(({ id, name, address, type, addedAt }) => ({ id, name, type, addedAt, ...(address ? { address } : {}) }));
}
