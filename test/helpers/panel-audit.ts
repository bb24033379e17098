import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '../../contracts/audit.ts';

/** The panel's entries in the one audit log for a server (customer actions on it), oldest first. */
export async function panelAuditOf(app: FastifyInstance, serverId: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.audit.list({ actorKind: 'customer', action: 'panel.', limit: 200, cursor });
    entries.push(...page.entries.filter((entry) => entry.target === serverId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries.reverse();
}
