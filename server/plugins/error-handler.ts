import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ErrorBody } from '../../contracts/http-error.ts';
import { HttpError } from '../lib/http-error.ts';

const codeForStatus: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  421: 'unknown_host',
  429: 'rate_limited',
  408: 'request_timeout',
};

// Field messages that read well after the field's name ("email is required"), for every schema
// the server checks. The contracts' own messages (set on a schema) win over these.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
    if (issue.code === 'invalid_type') return `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    if (issue.code === 'too_small' && issue.origin === 'string')
      return issue.minimum === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
    if (issue.code === 'too_big' && issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
    if (issue.code === 'invalid_format') return `must be a valid ${issue.format}`;
    if (issue.code === 'invalid_value') return `must be one of: ${issue.values.map(String).join(', ')}`;
    if (issue.code === 'unrecognized_keys') return `has unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    return undefined;
  },
});

/** Validation issues, keyed by the field they are about: `/email` → `email`, `/a/0` → `a.0`. */
export function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const missing = (issue.params as { missingProperty?: string }).missingProperty;
    const name = missing ?? issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = name || (error.validationContext ?? 'body');
    if (!fields[key]) fields[key] = missing ? 'is required' : (issue.message ?? 'is invalid');
  }
  return fields;
}

/** What an error answers: its status, the envelope, and headers (Retry-After…); 5xx say nothing internal. */
export function errorAnswer(error: FastifyError | HttpError): { status: number; body: ErrorBody; headers: Record<string, string>; internal: boolean } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.fields) body.error.fields = error.fields;
    return { status: error.statusCode, body, headers: error.headers ?? {}, internal: false };
  }
  if (error.validation) {
    const fields = validationFields(error);
    const message = Object.keys(fields).length
      ? `Invalid request: ${Object.entries(fields)
          .map(([f, m]) => `${f} ${m}`)
          .join('; ')}`
      : `Invalid request: ${error.message}`;
    return { status: 400, body: { error: { code: 'invalid', message, fields } }, headers: {}, internal: false };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { error: { code: codeForStatus[status] ?? 'bad_request', message: error.message } }, headers: {}, internal: false };
  }
  return {
    status: status >= 500 && status < 600 ? status : 500,
    body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
    headers: {},
    internal: true,
  };
}

/**
 * The one error handler: clients get a message they can act on for 4xx; 5xx bodies say
 * nothing internal (the log has the details, with the request id).
 */
async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.internal) request.log.error({ err: error }, 'request failed');
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
}
export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
