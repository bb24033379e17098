// What the page reads from /api/status and its stream, and the visitor's own checks. The shapes
// are the status contract's (types only: the page bundles none of the schemas).
import type { CheckAnswer, StatusReport } from '../../../contracts/status.ts';
import type { CheckType } from '../../../contracts/status-rules.ts';
import { apiFetch } from '../../lib/api-client.ts';

export type { Incident, IncidentBrief, Maintenance, NoticeEvent, StatusHistory } from '../../../contracts/incidents.ts';
export type {
  CheckAnswer,
  DailyUptime,
  Reading,
  ServerView,
  ServerView as ServerReport,
  StatusReport,
  StatusUpdate,
  Uptimes,
} from '../../../contracts/status.ts';
export type { CheckType, ShownStatus } from '../../../contracts/status-rules.ts';

export function fetchReport(signal?: AbortSignal): Promise<StatusReport> {
  return apiFetch<StatusReport>('GET', '/api/status', { signal });
}

/** POST /api/status/check; a refusal or the rate limit throws an ApiError with the server's message. */
export function checkServer(address: string, type: CheckType): Promise<CheckAnswer> {
  return apiFetch<CheckAnswer>('POST', '/api/status/check', { body: { address, type }, fallback: 'The check failed.' });
}
