import type { Generated } from 'kysely';
import type { OutboxAttemptColumns, OutboxDeliveryColumns } from '../outbox/outbox-tables.ts';

/** A place alerts go, set by an admin or declared in the monitors file. */
export interface AlertChannelTable {
  id: string;
  name: string;
  kind: string;
  /** The e-mail address, webhook URL or ntfy topic URL: a credential, never logged nor sent to a browser. */
  target: string;
  /** The kind's secret (ntfy's access token, Telegram's bot token), or null: never logged nor sent to a browser. */
  token: string | null;
  /** The kind's own settings as JSON (server/alerts/channel-kinds/), '{}' when it has none. */
  settings: Generated<string>;
  /** JSON array of monitor ids; [] means every monitor. */
  monitor_ids: string;
  /** 1 when enabled. */
  enabled: number;
  /** Minutes between reminders while down and unacknowledged; 0 for none. */
  remind_every_minutes: number;
  /** 1 when it takes the support desk's notices. */
  support_notices: number;
  /** 'console' or 'file'. */
  source: string;
  created_at: number;
  updated_at: number;
}

/** One outage of one monitor, from the decision that it is down (or the end of its maintenance) to its recovery. */
export interface AlertTable {
  id: Generated<number>;
  monitor_id: string;
  /** 'held' (down inside a maintenance window: nothing sent yet), 'firing', 'acknowledged', 'recovered'. */
  state: string;
  /** The monitor.changed event that opened it (unique: one alert per event). */
  event_id: number;
  /** When the monitor was decided down. */
  started_at: number;
  /** When the team was told (the decision, or the end of the window it was held by). */
  fired_at: number | null;
  detail: string | null;
  /** JSON array of the locations it fails from, or null. */
  locations: string | null;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  recovered_at: number | null;
  /** The draft incident: 'draft', 'published' or 'dismissed' (null before the alert fires). */
  draft_state: string | null;
  draft_title: string | null;
  incident_id: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * The alert queue: one row per channel and message (down, recovered, reminder n, test, notice),
 * unique per alert, channel, kind and number. The delivery columns are the outbox's; `channel`
 * is the channel's kind (the outbox's lane), `channel_id` which channel.
 */
export interface AlertDeliveryTable extends OutboxDeliveryColumns<string> {
  channel_id: string;
  /** Null for a test or a support notice. */
  alert_id: number | null;
  /** 'down', 'recovered', 'reminder', 'test' or 'notice'. */
  kind: string;
  /** The reminder's number (1, 2…); 0 otherwise. */
  seq: number;
  /** For a test or a notice: what to say (JSON {subject, text, link}). */
  payload: string | null;
}

export interface AlertAttemptTable extends OutboxAttemptColumns<string> {
  delivery_id: number;
}

/** Small settings of the alerts (key, JSON value): the draft incidents' auto-publish delay; the fan-out cursor. */
export interface AlertSettingTable {
  name: string;
  value: string;
  updated_at: number;
}

export interface AlertTables {
  alert_channel: AlertChannelTable;
  alert: AlertTable;
  alert_delivery: AlertDeliveryTable;
  alert_attempt: AlertAttemptTable;
  alert_setting: AlertSettingTable;
}
