import type { Generated } from 'kysely';
import type { OutboxAttemptColumns, OutboxDeliveryColumns } from '../outbox/outbox-tables.ts';

export interface StockLevelTable {
  line_id: string;
  plan_id: string;
  location_id: string;
  left_count: number | null;
  source: 'panel' | 'local' | 'manual';
  detail: string;
  measured_at: number;
}

export interface StockOverrideTable {
  line_id: string;
  plan_id: string;
  location_id: string;
  mode: 'sold_out' | 'count';
  count: number | null;
  set_by: string;
  set_at: number;
}

export interface StockRoundTable {
  id: number;
  claimed_until: number;
  claimed_by: string;
  finished_at: number | null;
}

export interface StockWatchTable {
  id: Generated<number>;
  email: string;
  line_id: string;
  plan_id: string;
  location_id: string;
  created_at: number;
  confirmed_at: number | null;
  notified_at: number | null;
}

export type StockMailKind = 'confirm' | 'back';

export interface StockMailDeliveriesTable extends OutboxDeliveryColumns<'email'> {
  watch_id: number;
  kind: StockMailKind;
}

export interface StockMailAttemptsTable extends OutboxAttemptColumns<'email'> {
  delivery_id: number;
}

export interface StockTables {
  stock_level: StockLevelTable;
  stock_override: StockOverrideTable;
  stock_round: StockRoundTable;
  stock_watch: StockWatchTable;
  stock_mail_deliveries: StockMailDeliveriesTable;
  stock_mail_attempts: StockMailAttemptsTable;
}
