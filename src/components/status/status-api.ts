// What the page reads from /api/status and its stream, and the visitor's own checks.
import type { Banner, ServerStatus } from './status-rules.ts';

export type ShownStatus = ServerStatus | 'pending';

export interface Reading {
  timestamp: number;
  latency: number;
}

export interface Uptimes {
  h24: number | null;
  d30: number | null;
  d90: number | null;
}

export interface ServerReport {
  id: string;
  name: string;
  type: string;
  status: ShownStatus;
  latency: number;
  uptime: number | null;
  uptimes: Uptimes;
  checkedAt: number | null;
  history: Reading[];
}

export interface Incident {
  id: string;
  title: string;
  message?: string;
  startedAt?: string;
}

export interface StatusReport {
  summary: { banner: Banner; monitored: number; uptime90d: number | null; uptimes: Uptimes; incidents: Incident[]; intervalSeconds?: number };
  servers: ServerReport[];
}

/** One entry of a serverStatus event. */
export interface StatusUpdate {
  id: string;
  status: ShownStatus;
  latency: number;
  timestamp: number;
}

export type CheckType = 'minecraft' | 'tcp' | 'http';

export interface CheckAnswer {
  ok: boolean;
  latency: number;
  players?: { online: number; max: number };
  version?: string;
}

export class CheckError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function fetchReport(signal?: AbortSignal): Promise<StatusReport> {
  const response = await fetch('/api/status', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`status ${response.status}`);
  return (await response.json()) as StatusReport;
}

/** POST /api/status/check; a refusal or the rate limit becomes a CheckError with the server's message. */
export async function checkServer(address: string, type: CheckType): Promise<CheckAnswer> {
  const response = await fetch('/api/status/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ address, type }),
  });
  const body = (await response.json().catch(() => undefined)) as (CheckAnswer & { error?: { message?: string } }) | undefined;
  if (!response.ok) throw new CheckError(response.status, body?.error?.message ?? `The check failed (${response.status}).`);
  return body as CheckAnswer;
}

/** Keeps the newest `limit` readings. */
export function appendReading(history: readonly Reading[], reading: Reading, limit = 30): Reading[] {
  const next = [...history, reading];
  return next.length > limit ? next.slice(next.length - limit) : next;
}
