import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The panel's own audit table joins the one audit log (server/audit/): every power action and
 * console command recorded so far is copied into audit_log as the panel now writes it, then
 * panel_audit goes. Down brings back an empty panel_audit (the entries stay in audit_log).
 */

/** Error codes of the 5xx answers the panel recorded: those actions failed; every other code was a refusal. */
const failureCodes = new Set([
  'internal',
  'panel_error',
  'node_error',
  'server_offline',
  'console_refused',
  'node_unreachable',
  'panel_unreachable',
  'panel_timeout',
  'console_unreachable',
  'busy',
  'disk_full',
]);

const batchSize = 500;

interface OldRow {
  id: number | string;
  at: number | string;
  server_id: string;
  driver: string;
  kind: string;
  action: string;
  outcome: string;
  client_ip: string;
}

function converted(row: OldRow) {
  const detail: Record<string, string> = { driver: row.driver };
  if (row.kind === 'power') detail.signal = row.action;
  else detail.command = row.action.length <= 300 ? row.action : `${row.action.slice(0, 299)}…`;
  if (row.outcome !== 'ok') detail.error = row.outcome;
  return {
    at: Number(row.at),
    actor_kind: 'customer',
    actor_id: row.server_id,
    actor_label: `server ${row.server_id}`,
    action: row.kind === 'power' ? 'panel.power' : 'panel.command',
    target: row.server_id,
    outcome: row.outcome === 'ok' ? 'ok' : failureCodes.has(row.outcome) ? 'failed' : 'refused',
    client_ip: row.client_ip,
    detail: JSON.stringify(detail),
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = -1;
  for (;;) {
    const rows = (await db.selectFrom('panel_audit').selectAll().where('id', '>', after).orderBy('id').limit(batchSize).execute()) as OldRow[];
    if (rows.length === 0) break;
    await db.insertInto('audit_log').values(rows.map(converted)).execute();
    after = Number(rows.at(-1)!.id);
  }
  await db.schema.dropTable('panel_audit').execute();
}

export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('panel_audit')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_audit_server_at').on('panel_audit').columns(['server_id', 'at']).execute();
}
