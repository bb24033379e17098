import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  contactBodyLimitBytes,
  contactFields,
  contactRateLimit,
  isHoneypotFilled,
  validateContact,
  type ContactField,
  type ContactMessageInput,
} from '../../src/lib/contact-rules.ts';
import { errorBodySchema, HttpError } from '../lib/http-error.ts';
import { storeContactMessage } from './contact-messages.ts';
import type { ContactOutbox } from './contact-outbox.ts';
import { renderFormProblemPage, type FormProblem } from './contact-form-page.ts';

/** Where a form post lands when the message was accepted (the fragment shows the notice without JavaScript). */
export const sentLocation = '/contact?sent=1#sent';

const stringField = { type: 'string' } as const;
const bodySchema = {
  type: 'object',
  properties: { name: stringField, email: stringField, subject: stringField, message: stringField, website: stringField },
} as const;

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

function submittedValues(request: FastifyRequest): Partial<Record<ContactField, string>> {
  const body = request.body;
  if (!body || typeof body !== 'object') return {};
  const values: Partial<Record<ContactField, string>> = {};
  for (const field of contactFields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

declare module 'fastify' {
  interface FastifyRequest {
    contactMessage?: ContactMessageInput;
  }
}

/**
 * For a form post (no JavaScript), an error is a page: the site's shell with what went wrong
 * and the form again, filled in. JSON callers get the usual error body.
 */
function formProblem(error: FastifyError | HttpError, request: FastifyRequest): { status: number; problem: FormProblem; headers: Record<string, string> } {
  const values = submittedValues(request);
  const status = error.statusCode ?? 500;
  const headers: Record<string, string> = {};
  if (error instanceof HttpError && error.fields) {
    return {
      status: 400,
      headers,
      problem: { title: 'Your message was not sent', detail: 'Please correct the following and send it again.', fields: error.fields, values },
    };
  }
  if (status === 429) {
    const retryAfter = Number(error instanceof HttpError ? error.headers?.['retry-after'] : undefined);
    const minutes = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter / 60) : 10;
    if (Number.isFinite(retryAfter)) headers['retry-after'] = String(retryAfter);
    return {
      status,
      headers,
      problem: {
        title: 'Your message was not sent',
        detail: `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or e-mail or call us directly.`,
        fields: {},
        values,
      },
    };
  }
  if (status === 413) {
    return { status, headers, problem: { title: 'Your message was not sent', detail: 'It is too long. Please shorten it and send it again.', fields: {}, values } };
  }
  if (status >= 400 && status < 500) {
    return { status, headers, problem: { title: 'Your message was not sent', detail: error.message, fields: {}, values } };
  }
  request.log.error({ err: error }, 'contact form post failed');
  return {
    status: 500,
    headers,
    problem: { title: 'Your message was not sent', detail: 'Something went wrong on our side. Please try again, or e-mail or call us directly.', fields: {}, values },
  };
}

export function contactRoutes(app: FastifyInstance, deps: { outbox: ContactOutbox; siteDir: string }): void {
  const { outbox, siteDir } = deps;
  app.post(
    '/',
    {
      bodyLimit: contactBodyLimitBytes,
      schema: {
        body: bodySchema,
        response: {
          202: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          400: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: {
        // The no-JavaScript form posts here (server/plugins/body-types.ts).
        acceptsForm: true,
        // Counted after the fields are checked (preHandler), so typing mistakes do not use up the allowance.
        rateLimit: {
          max: contactRateLimit.max,
          timeWindow: contactRateLimit.windowMs,
          hook: 'preHandler',
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
            const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
            const minutes = Math.ceil(seconds / 60);
            return new HttpError(
              429,
              'rate_limited',
              `Too many messages: at most ${contactRateLimit.max} every 10 minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
              { headers: { 'retry-after': String(seconds) } },
            );
          },
        },
      },
      preValidation: async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'invalid', 'Send a JSON object or a form.');
        const result = validateContact(body);
        if (!result.ok) {
          const list = Object.values(result.fields).join(' ');
          throw new HttpError(400, 'invalid', `Please check the form: ${list}`, { fields: result.fields });
        }
        request.contactMessage = result.value;
      },
      errorHandler: (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
        if (!isFormPost(request)) return app.errorHandler(error as FastifyError, request, reply);
        const { status, problem, headers } = formProblem(error, request);
        return reply
          .status(status)
          .headers(headers)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderFormProblemPage(siteDir, problem));
      },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      if (isHoneypotFilled(request.body as Record<string, unknown>)) {
        // Accepted as far as the sender can tell; never stored, never delivered.
        request.log.info({ ip: request.ip }, 'contact form: honeypot filled, message dropped');
        return form ? reply.redirect(sentLocation, 303) : reply.status(202).send({ id: randomUUID() });
      }
      const stored = await storeContactMessage(
        app.db,
        request.contactMessage!,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        outbox.channels.map((c) => c.name),
        outbox.options.maxAgeMs,
      );
      outbox.wake();
      request.log.info({ messageId: stored.id }, 'contact message stored');
      return form ? reply.redirect(sentLocation, 303) : reply.status(202).send({ id: stored.id });
    },
  );
}
