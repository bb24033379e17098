import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PanelAuditTable, PanelSessionTable } from './panel-tables.ts';

export type SessionRow = PanelSessionTable;
export type AuditEntry = Omit<PanelAuditTable, 'id'>;

/** The panel's SQL: sessions, the audit log and failed connect attempts. */
export class PanelRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insertSession(row: SessionRow): Promise<void> {
    await this.db.insertInto('panel_sessions').values(row).execute();
  }

  /** The session, if it exists and has not expired. */
  async findSession(idHash: string, now: number): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('panel_sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.deleteFrom('panel_sessions').where('id_hash', '=', idHash).execute();
  }

  async deleteExpiredSessions(now: number): Promise<void> {
    await this.db.deleteFrom('panel_sessions').where('expires_at', '<=', now).execute();
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.db.insertInto('panel_audit').values(entry).execute();
  }

  async auditLog(serverId: string): Promise<AuditEntry[]> {
    return this.db
      .selectFrom('panel_audit')
      .select(['at', 'server_id', 'driver', 'kind', 'action', 'outcome', 'client_ip'])
      .where('server_id', '=', serverId)
      .orderBy('id')
      .execute();
  }

  /** Failed attempts from this address since `since`, and the oldest of them. */
  async connectFailures(clientIp: string, since: number): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('panel_connect_failures')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
      .where('client_ip', '=', clientIp)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }

  async recordConnectFailure(clientIp: string, at: number, forgetBefore: number): Promise<void> {
    await this.db.insertInto('panel_connect_failures').values({ client_ip: clientIp, at }).execute();
    await this.db.deleteFrom('panel_connect_failures').where('at', '<=', forgetBefore).execute();
  }
}
