import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import * as panel from './0001-panel.ts';
import * as status from './0002-status.ts';
import * as contact from './0003-contact.ts';
import * as audit from './0004-audit.ts';
import * as staff from './0005-staff.ts';
import * as panelConnectServer from './0006-panel-connect-server.ts';
import * as statusEvents from './0007-status-events.ts';
import * as panelAuditIntoAuditLog from './0008-panel-audit-into-audit-log.ts';
import * as panelHistory from './0009-panel-history.ts';
import * as statusMonitors from './0010-status-monitors.ts';
import * as incidents from './0011-incidents.ts';
import * as subscriptions from './0012-subscriptions.ts';
import * as contactAnswered from './0013-contact-answered.ts';
import * as staffFailuresByAccount from './0014-staff-failures-by-account.ts';
import * as subscriptionTokenExpiry from './0015-subscription-token-expiry.ts';
import * as panelSchedules from './0016-panel-schedules.ts';
import * as support from './0017-support.ts';
import * as probeLocations from './0018-probe-locations.ts';
import * as alerts from './0019-alerts.ts';
import * as supportVerifiedAddress from './0021-support-verified-address.ts';
import * as accounts from './0022-accounts.ts';
import * as panelShares from './0023-panel-shares.ts';
import * as supportHours from './0027-support-hours.ts';
import * as catalog from './0029-catalog.ts';
import * as stock from './0030-stock.ts';
import * as panelModrinth from './0031-panel-modrinth.ts';
import * as typeSettings from './0033-type-settings.ts';
import * as announcements from './0034-announcements.ts';
import type { DialectMigration } from './column-types.ts';

/**
 * Every migration, in order (names sort in the order they run). Each has up and down and is
 * given the dialect; a capability changes its schema by adding a new file here, never by
 * editing a shipped one. Migrations import nothing of the live code: a table written today
 * must still be created the same way when the code around it has changed.
 */
const all: Record<string, DialectMigration> = {
  '0001-panel': panel,
  '0002-status': status,
  '0003-contact': contact,
  '0004-audit': audit,
  '0005-staff': staff,
  '0006-panel-connect-server': panelConnectServer,
  '0007-status-events': statusEvents,
  '0008-panel-audit-into-audit-log': panelAuditIntoAuditLog,
  '0009-panel-history': panelHistory,
  '0010-status-monitors': statusMonitors,
  '0011-incidents': incidents,
  '0012-subscriptions': subscriptions,
  '0013-contact-answered': contactAnswered,
  '0014-staff-failures-by-account': staffFailuresByAccount,
  '0015-subscription-token-expiry': subscriptionTokenExpiry,
  '0016-panel-schedules': panelSchedules,
  '0017-support': support,
  '0018-probe-locations': probeLocations,
  '0019-alerts': alerts,
  '0021-support-verified-address': supportVerifiedAddress,
  '0022-accounts': accounts,
  '0023-panel-shares': panelShares,
  '0027-support-hours': supportHours,
  '0029-catalog': catalog,
  '0030-stock': stock,
  '0031-panel-modrinth': panelModrinth,
  '0033-type-settings': typeSettings,
  '0034-announcements': announcements,
};

export const migrationNames = Object.keys(all);

/** The migrations bound to one dialect, as Kysely's Migrator takes them. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(all).map(([name, m]) => [name, { up: (db) => m.up(db, dialect), down: (db) => m.down(db, dialect) }]));
}
