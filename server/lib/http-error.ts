/**
 * An error a client can act on: its status, a stable code, a message for people, and per-field
 * messages for forms. The error handler turns it into `{"error":{"code","message","fields"?}}`.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(statusCode: number, code: string, message: string, extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers;
  }
}
