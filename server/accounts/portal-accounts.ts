import type { Db } from '../db/schema.ts';
import { findAccount, insertAccount, updateAccount, type AccountRow } from './accounts-repository.ts';
import { newAccount } from './accounts-service.ts';
import type { PortalClaims } from './portal-client.ts';

/**
 * The account of a portal customer (docs/decisions.md 77): matched by `sub`, always. An
 * address counts as verified only when the portal says `email_verified: true`; only then may
 * it join an account first made by an e-mail link (same address, no portal yet), and only then
 * does it link the account to servers. An address another account already holds as verified
 * is kept here as unverified.
 */
export async function accountForPortal(db: Db, claims: PortalClaims, now: number): Promise<AccountRow> {
  const bySubject = await findAccount(db, { subject: claims.sub });
  const holder = claims.email && claims.emailVerified ? await findAccount(db, { verifiedEmail: claims.email }) : undefined;
  if (bySubject) {
    const verified = claims.emailVerified && claims.email !== null && (!holder || holder.id === bySubject.id);
    const changes = { email: claims.email, emailVerified: verified, name: claims.name ?? bySubject.name };
    await updateAccount(db, bySubject.id, changes);
    return { ...bySubject, ...changes };
  }
  if (holder && holder.subject === null) {
    const changes = { subject: claims.sub, name: claims.name ?? holder.name };
    await updateAccount(db, holder.id, changes);
    return { ...holder, ...changes };
  }
  const account = newAccount(
    { email: claims.email, emailVerified: claims.emailVerified && claims.email !== null && !holder, name: claims.name, subject: claims.sub },
    now,
  );
  await insertAccount(db, account);
  return account;
}
