import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import {
  addPasskeyBody,
  authenticationOptions,
  enrolmentBody,
  enrolmentCheckBody,
  enrolmentLinkAnswer,
  enrolmentOptionsBody,
  enrolmentStatus,
  idParams,
  inviteBody,
  registrationOptions,
  renamePasskeyBody,
  roleBody,
  signInBody,
  staffMe,
  staffMember,
  staffMemberList,
  staffPasskey,
  staffPasskeyList,
  staffSessionList,
} from '../../contracts/staff.ts';
import { HttpError } from '../lib/http-error.ts';
import { clearStaffCookies, setStaffCookies } from './staff-cookie.ts';
import { meOf } from './staff-service.ts';
import type { ClientMeta, SignedIn } from './staff-signin.ts';

/**
 * Ceremonies started without a session write a challenge row each: at most this many a minute
 * from one address (per instance), on top of the failed sign-in throttle (in the database).
 */
const ceremonyRateLimit = {
  noStaffSession: true,
  rateLimit: {
    max: 30,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, 'rate_limited', `Too many passkey requests from your address. Please wait ${seconds} seconds and try again.`, {
        headers: { 'retry-after': String(seconds) },
      });
    },
  },
};

function metaOf(request: FastifyRequest): ClientMeta {
  return { clientIp: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * /api/staff: sign-in and enrolment (open, throttled), the signed-in person's own account, and
 * the team (admins). HTTP only: schemas from contracts/staff.ts, then one call to a service.
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, signIn, own } = app.staff;
  const access = app.staffAccess;
  const { cookie } = access;

  const startSession = (reply: FastifyReply, signedIn: SignedIn) => {
    setStaffCookies(reply, cookie, signedIn.token, signedIn.expiresAt);
    return signedIn.me;
  };
  const signedIn = access.require('console.use');
  const admin = access.require('staff.manage');

  // Signing in and enrolling: no session yet.

  api.post(
    '/signin/options',
    { config: ceremonyRateLimit, schema: { response: { 200: authenticationOptions, ...errorResponses(429, 503) } } },
    async (request) => signIn.signInOptions(metaOf(request)),
  );

  api.post(
    '/signin',
    { config: { noStaffSession: true }, schema: { body: signInBody, response: { 200: staffMe, ...errorResponses(400, 401, 403, 429, 503) } } },
    async (request, reply) => startSession(reply, await signIn.signIn(request.body, metaOf(request))),
  );

  api.post(
    '/enrolment/status',
    {
      config: { noStaffSession: true },
      schema: { body: enrolmentCheckBody, response: { 200: enrolmentStatus, ...errorResponses(400, 403, 404, 410, 429, 503) } },
    },
    async (request) => signIn.enrolmentStatus(request.body.token, metaOf(request)),
  );

  api.post(
    '/enrolment/options',
    {
      config: ceremonyRateLimit,
      schema: { body: enrolmentOptionsBody, response: { 200: registrationOptions, ...errorResponses(400, 403, 404, 410, 429, 503) } },
    },
    async (request) => signIn.enrolmentOptions(request.body.token, request.body.displayName, metaOf(request)),
  );

  api.post(
    '/enrolment',
    { config: { noStaffSession: true }, schema: { body: enrolmentBody, response: { 200: staffMe, ...errorResponses(400, 403, 404, 409, 410, 429, 503) } } },
    async (request, reply) => startSession(reply, await signIn.enrol(request.body, metaOf(request))),
  );

  // The signed-in person.

  api.get('/me', { preHandler: signedIn, schema: { response: { 200: staffMe, ...errorResponses(401) } } }, async (request) => {
    return meOf(request.staff!);
  });

  api.post('/signout', { preHandler: signedIn, schema: { response: { 204: noContent, ...errorResponses(401) } } }, async (request, reply) => {
    await own.endSession(request.staff!, request.staff!.sessionId, request.ip);
    clearStaffCookies(reply, cookie);
    return reply.status(204).send(null);
  });

  api.get('/me/passkeys', { preHandler: signedIn, schema: { response: { 200: staffPasskeyList, ...errorResponses(401) } } }, async (request) => ({
    passkeys: await own.passkeys(request.staff!),
  }));

  api.post('/me/passkeys/options', { preHandler: signedIn, schema: { response: { 200: registrationOptions, ...errorResponses(401, 503) } } }, async (request) =>
    own.passkeyOptions(request.staff!),
  );

  api.post(
    '/me/passkeys',
    { preHandler: signedIn, schema: { body: addPasskeyBody, response: { 201: staffPasskey, ...errorResponses(400, 401, 409, 503) } } },
    async (request, reply) => reply.status(201).send(await own.addPasskey(request.staff!, request.body, request.ip)),
  );

  api.put(
    '/me/passkeys/:id',
    { preHandler: signedIn, schema: { params: idParams, body: renamePasskeyBody, response: { 200: staffPasskey, ...errorResponses(400, 401, 404) } } },
    async (request) => own.renamePasskey(request.staff!, request.params.id, request.body.name, request.ip),
  );

  api.delete(
    '/me/passkeys/:id',
    { preHandler: signedIn, schema: { params: idParams, response: { 204: noContent, ...errorResponses(401, 404, 409) } } },
    async (request, reply) => {
      await own.removePasskey(request.staff!, request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.get('/me/sessions', { preHandler: signedIn, schema: { response: { 200: staffSessionList, ...errorResponses(401) } } }, async (request) => ({
    sessions: await own.sessionList(request.staff!),
  }));

  api.delete(
    '/me/sessions/:id',
    { preHandler: signedIn, schema: { params: idParams, response: { 204: noContent, ...errorResponses(401, 404) } } },
    async (request, reply) => {
      await own.endSession(request.staff!, request.params.id, request.ip);
      if (request.params.id === request.staff!.sessionId) clearStaffCookies(reply, cookie);
      return reply.status(204).send(null);
    },
  );

  // The team, for admins.

  api.get('/members', { preHandler: admin, schema: { response: { 200: staffMemberList, ...errorResponses(401, 403) } } }, async () => ({
    members: await service.members(),
  }));

  api.post(
    '/members',
    { preHandler: admin, schema: { body: inviteBody, response: { 201: enrolmentLinkAnswer, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => {
      const added = await service.add(request.body.email, request.body.role, request.acting!);
      return reply.status(201).send({ member: added.member, enrolmentLink: added.link, expiresAt: added.expiresAt });
    },
  );

  api.put(
    '/members/:id/role',
    { preHandler: admin, schema: { params: idParams, body: roleBody, response: { 200: staffMember, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => service.setRole(request.params.id, request.body.role, request.acting!),
  );

  api.post(
    '/members/:id/disable',
    { preHandler: admin, schema: { params: idParams, response: { 200: staffMember, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => service.disable(request.params.id, request.acting!),
  );

  api.post(
    '/members/:id/enable',
    { preHandler: admin, schema: { params: idParams, response: { 200: staffMember, ...errorResponses(401, 403, 404) } } },
    async (request) => service.enable(request.params.id, request.acting!),
  );

  api.post(
    '/members/:id/reset',
    { preHandler: admin, schema: { params: idParams, response: { 200: enrolmentLinkAnswer, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => {
      const reset = await service.reset(request.params.id, request.acting!);
      return { member: reset.member, enrolmentLink: reset.link, expiresAt: reset.expiresAt };
    },
  );
}
