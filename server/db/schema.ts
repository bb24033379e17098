import type { Kysely, Transaction } from 'kysely';
import type { AccountsTables } from '../accounts/accounts-tables.ts';
import type { AnnouncementTables } from '../announcements/announcements-tables.ts';
import type { AlertTables } from '../alerts/alerts-tables.ts';
import type { CatalogTables } from '../catalog/catalog-tables.ts';
import type { AuditTables } from '../audit/audit-tables.ts';
import type { ContactTables } from '../contact/contact-tables.ts';
import type { IncidentsTables } from '../incidents/incidents-tables.ts';
import type { PanelTables } from '../panel/panel-tables.ts';
import type { ModrinthTables } from '../panel/modrinth/modrinth-tables.ts';
import type { ProbeLocationTables } from '../probe-locations/probe-locations-tables.ts';
import type { ScheduleTables } from '../panel/schedules/schedule-tables.ts';
import type { StaffTables } from '../staff/staff-tables.ts';
import type { StatusTables } from '../status/status-tables.ts';
import type { StockTables } from '../stock/stock-tables.ts';
import type { SupportTables } from '../support/support-tables.ts';
import type { SubscriptionTables } from '../subscriptions/subscriptions-tables.ts';

/**
 * The whole database, as Kysely sees it: each capability declares its own tables in its
 * folder and they are joined here. Times are epoch milliseconds (numbers) on both dialects.
 */
export interface Database
  extends PanelTables,
    StatusTables,
    ContactTables,
    AuditTables,
    StaffTables,
    SubscriptionTables,
    IncidentsTables,
    ScheduleTables,
    AlertTables,
    SupportTables,
    ProbeLocationTables,
    AccountsTables,
    ModrinthTables,
    StockTables,
    CatalogTables,
    AnnouncementTables {}

/** What repository functions run on: the database, or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;
