import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactAccepted, contactBody } from '../../contracts/contact.ts';
import { contactBodyLimitBytes, contactFields, contactRateLimit, type ContactField } from '../../contracts/contact-rules.ts';
import { errorResponses } from '../../contracts/http-error.ts';
import { HttpError } from '../lib/http-error.ts';
import { errorAnswer, validationFields } from '../plugins/error-handler.ts';
import { NotSentPage } from './contact-form-page.ts';
import type { ContactService } from './contact-service.ts';

/** Where a form post lands when the message was accepted (the fragment shows the notice without JavaScript). */
export const sentLocation = '/contact?sent=1#sent';

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** What the visitor typed, as far as the body was read. */
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

/**
 * The contact route's own reading of errors: the form's rules answer with the form's sentences,
 * and a body over the limit says so in words; everything else as the API always answers.
 */
function contactError(error: FastifyError | HttpError): FastifyError | HttpError {
  if (!(error instanceof HttpError) && error.validation) {
    const fields = validationFields(error);
    return new HttpError(400, 'invalid', `Please check the form: ${Object.values(fields).join(' ')}`, { fields });
  }
  if (!(error instanceof HttpError) && error.statusCode === 413) {
    return new HttpError(413, 'payload_too_large', 'Your message is too long. Please shorten it and send it again.');
  }
  return error;
}

export function contactRoutes(app: FastifyInstance, deps: { service: ContactService; siteDir: string }): void {
  const { service } = deps;
  const notSentPage = new NotSentPage(deps.siteDir);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/',
    {
      bodyLimit: contactBodyLimitBytes,
      schema: { body: contactBody, response: { 202: contactAccepted, ...errorResponses(400, 413, 415, 429) } },
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
      // A form post (no JavaScript) is answered with a page: the contact form again, filled in,
      // with what was wrong; JSON callers get the error envelope.
      errorHandler: (raw: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
        const error = contactError(raw);
        if (!isFormPost(request)) return app.errorHandler(error as FastifyError, request, reply);
        const answer = errorAnswer(error);
        if (answer.internal) request.log.error({ err: raw }, 'contact form post failed');
        const detail = answer.internal ? 'Something went wrong on our side. Please try again, or e-mail or call us directly.' : answer.body.error.message;
        return reply
          .status(answer.status)
          .headers(answer.headers)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(notSentPage.render({ detail, fields: answer.body.error.fields ?? {}, values: submittedValues(request) }));
      },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      const { fromBot, ...message } = request.body;
      if (fromBot) {
        // Accepted as far as the sender can tell; never stored, never delivered.
        request.log.info({ ip: request.ip }, 'contact form: honeypot filled, message dropped');
        return form ? reply.redirect(sentLocation, 303) : reply.status(202).send({ id: randomUUID() });
      }
      const stored = await service.submit(message, { ip: request.ip, userAgent: request.headers['user-agent'] });
      request.log.info({ messageId: stored.id }, 'contact message stored');
      return form ? reply.redirect(sentLocation, 303) : reply.status(202).send({ id: stored.id });
    },
  );
}
