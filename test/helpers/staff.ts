import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '../../contracts/staff-rules.ts';
import { shellOperator } from '../../server/staff/staff-service.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

/** The default PUBLIC_URL of testConfig (loopback): the relying party's origin. */
export const testOrigin = 'http://localhost:4321';

/** `name=value` of the cookie a response set, for the next request's Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const set = response.cookies.find((c) => c.name.endsWith('hf_staff'));
  if (!set) throw new Error(`no staff cookie in ${response.statusCode} ${response.body}`);
  return `${set.name}=${set.value}`;
}

/** The enrolment token of a link (`…/staff/enrol#<token>`). */
export function tokenOf(link: string): string {
  return new URL(link).hash.slice(1);
}

/** Adds a person as the shell does and returns their link's token. */
export async function invite(app: FastifyInstance, email: string, role: StaffRole): Promise<{ token: string; id: string }> {
  const added = await app.staff.service.add(email, role, shellOperator);
  return { token: tokenOf(added.link), id: added.member.id };
}

/** Enrols with a token: options, a new passkey from the authenticator, then the enrolment. */
export async function enrolWith(app: FastifyInstance, token: string, authenticator: SoftAuthenticator, displayName = 'Test Person') {
  const options = await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName } });
  if (options.statusCode !== 200) throw new Error(`enrolment options: ${options.statusCode} ${options.body}`);
  const { challengeId, options: creation } = options.json();
  const credential = authenticator.create(creation);
  return app.inject({ method: 'POST', url: '/api/staff/enrolment', payload: { token, displayName, challengeId, credential } });
}

export interface StaffUser {
  id: string;
  email: string;
  cookie: string;
  authenticator: SoftAuthenticator;
}

/** A person invited, enrolled and signed in (the enrolment signs them in). */
export async function staffUser(app: FastifyInstance, email: string, role: StaffRole): Promise<StaffUser> {
  const { token, id } = await invite(app, email, role);
  const authenticator = new SoftAuthenticator(testOrigin);
  const enrolled = await enrolWith(app, token, authenticator, email.split('@')[0]);
  if (enrolled.statusCode !== 200) throw new Error(`enrolment: ${enrolled.statusCode} ${enrolled.body}`);
  return { id, email, cookie: cookieFrom(enrolled), authenticator };
}

/** A full sign-in: options, the authenticator's assertion, verification. */
export async function signIn(
  app: FastifyInstance,
  authenticator: SoftAuthenticator,
  choices: Parameters<SoftAuthenticator['get']>[1] = {},
  headers: Record<string, string> = {},
) {
  const options = await app.inject({ method: 'POST', url: '/api/staff/signin/options', headers });
  if (options.statusCode !== 200) return options;
  const { challengeId, options: request } = options.json();
  const credential = authenticator.get(request, choices);
  return app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId, credential }, headers });
}

/** The newest audit entries, straight from the table. */
export async function auditRows(app: FastifyInstance, action?: string) {
  let query = app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc');
  if (action) query = query.where('action', '=', action);
  return query.execute();
}
