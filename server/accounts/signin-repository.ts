import type { Db } from '../db/schema.ts';

/** The rows of sign-ins under way: e-mail links, the requests for them, OpenID Connect flows. */

export interface EmailLinkRow {
  tokenHash: string;
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertEmailLink(db: Db, link: EmailLinkRow): Promise<void> {
  await db
    .insertInto('customer_email_link')
    .values({ token_hash: link.tokenHash, email: link.email, created_at: link.createdAt, expires_at: link.expiresAt, used_at: link.usedAt })
    .execute();
}

export async function findEmailLink(db: Db, tokenHash: string): Promise<EmailLinkRow | undefined> {
  const row = await db.selectFrom('customer_email_link').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    email: row.email,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
  };
}

/** Marks a link used; false when another request used it first (the update is the lock). */
export async function spendEmailLink(db: Db, tokenHash: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('customer_email_link')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertLinkRequest(db: Db, request: { emailHash: string; clientKey: string; at: number }): Promise<void> {
  await db.insertInto('customer_link_request').values({ email_hash: request.emailHash, client_key: request.clientKey, at: request.at }).execute();
}

/** Requests since `since` for one address or from one client, and the oldest one's time. */
export async function countLinkRequests(
  db: Db,
  since: number,
  by: { emailHash: string } | { clientKey: string },
): Promise<{ count: number; oldest: number | null }> {
  let query = db
    .selectFrom('customer_link_request')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('at').as('oldest')])
    .where('at', '>', since);
  query = 'emailHash' in by ? query.where('email_hash', '=', by.emailHash) : query.where('client_key', '=', by.clientKey);
  const row = await query.executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
}

export interface OidcFlowRow {
  idHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  expiresAt: number;
}

export async function insertOidcFlow(db: Db, flow: OidcFlowRow): Promise<void> {
  await db
    .insertInto('customer_oidc_flow')
    .values({
      id_hash: flow.idHash,
      state: flow.state,
      nonce: flow.nonce,
      code_verifier: flow.codeVerifier,
      return_to: flow.returnTo,
      expires_at: flow.expiresAt,
    })
    .execute();
}

/** Takes a flow out for good: a callback is answered once. */
export async function takeOidcFlow(db: Db, idHash: string): Promise<OidcFlowRow | undefined> {
  const row = await db.deleteFrom('customer_oidc_flow').where('id_hash', '=', idHash).returningAll().executeTakeFirst();
  if (!row) return undefined;
  return {
    idHash: row.id_hash,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    returnTo: row.return_to,
    expiresAt: Number(row.expires_at),
  };
}

/** Deletes what has run out: sessions, used or expired links, old requests, challenges and flows. */
export async function purgeRunOut(db: Db, at: { now: number; idleBefore: number; linksBefore: number; requestsBefore: number }): Promise<number> {
  let removed = 0;
  const count = (r: { numDeletedRows: bigint }) => {
    removed += Number(r.numDeletedRows);
  };
  count(
    await db
      .deleteFrom('customer_session')
      .where((eb) => eb.or([eb('expires_at', '<=', at.now), eb('last_seen_at', '<', at.idleBefore)]))
      .executeTakeFirst(),
  );
  count(await db.deleteFrom('customer_email_link').where('created_at', '<', at.linksBefore).executeTakeFirst());
  count(await db.deleteFrom('customer_link_request').where('at', '<', at.requestsBefore).executeTakeFirst());
  count(await db.deleteFrom('customer_challenge').where('expires_at', '<=', at.now).executeTakeFirst());
  count(await db.deleteFrom('customer_oidc_flow').where('expires_at', '<=', at.now).executeTakeFirst());
  return removed;
}
