import { randomUUID } from 'node:crypto';
import type { WingsError } from './fake-files.ts';

/** An error answer of the fake panel: `{"errors":[{code,status,detail,meta?}]}` with headers. */
export class PanelAnswer extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  constructor(status: number, code: string, detail: string, extra: { headers?: Record<string, string>; meta?: object } = {}) {
    super(detail);
    this.status = status;
    this.headers = extra.headers ?? {};
    this.body = { errors: [{ code, status: String(status), detail, ...(extra.meta ? { meta: extra.meta } : {}) }] };
  }
}

export const notFound = () => new PanelAnswer(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.');
export const daemonDown = () => new PanelAnswer(504, 'DaemonConnectionException', 'An error was encountered while processing this request.');
export const unauthorized = () => new PanelAnswer(403, 'AccessDeniedHttpException', 'This action is unauthorized.');

/** A Wings error as the panel passes it on (DaemonConnectionException keeps Wings' status; its words only below 500). */
export function daemonError(error: WingsError): PanelAnswer {
  const id = randomUUID();
  if (error.status >= 500) {
    return new PanelAnswer(
      error.status,
      'DaemonConnectionException',
      `There was an error while communicating with the machine running this server. This error has been logged, please try again. (code: ${error.status}) (request_id: ${id})`,
    );
  }
  return new PanelAnswer(error.status, 'DaemonConnectionException', `An error occurred on the remote host: ${error.message}. (request id: ${id})`);
}

/** What a fake panel route answers: JSON, nothing (204), or raw bytes (file contents). */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  raw?: { bytes: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** An answer that takes time (a pull): sent when it settles. */
  later?: Promise<FakeAnswer>;
}
