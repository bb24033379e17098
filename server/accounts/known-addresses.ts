import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findAccount } from './accounts-repository.ts';

/** Says whether an address (lower case) belongs to someone this site serves: owns a server, was invited to one... */
export type KnownAddressSource = (email: string) => Promise<boolean> | boolean;

/**
 * Who may receive a sign-in link (docs/decisions.md 76): an address with an account, or one
 * that another capability knows (the Game Panel: a server's owner, an invitation). Other
 * capabilities register their sources at start; an unknown address gets the same answer and
 * no mail.
 */
export class KnownAddresses {
  private readonly db: Kysely<Database>;
  private readonly sources: KnownAddressSource[] = [];

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  register(source: KnownAddressSource): () => void {
    this.sources.push(source);
    return () => {
      const at = this.sources.indexOf(source);
      if (at >= 0) this.sources.splice(at, 1);
    };
  }

  async isKnown(email: string): Promise<boolean> {
    if (await findAccount(this.db, { verifiedEmail: email })) return true;
    for (const source of this.sources) {
      if (await source(email)) return true;
    }
    return false;
  }
}
