/**
 * Alerts to the team: the channels admins set (console and the monitors file's `alerts`
 * section accept exactly these fields with the same messages), the alerts a monitor going down
 * opens, and the draft incidents they prepare (docs/decisions.md 50-52).
 */
import { z } from 'zod';
import { alertStates } from './alerts-rules.ts';
import { settingField } from './setting-fields.ts';

export { alertStates };

export const alertChannelId = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be 1-64 lowercase letters, digits, dots, dashes or underscores');

/** Everything about a channel but its id. The target and token are secrets: written, never read back. */
export const alertChannelSettings = {
  name: z.string().trim().min(1, 'is required').max(80),
  /** One of the server's registered kinds (server/alerts/channel-kinds/, docs/decisions.md 114), listed by GET /api/staff/alerts/kinds. */
  kind: z.string().trim().min(1, 'is required').max(32),
  /** The e-mail address, the webhook URL, the ntfy topic URL, the Telegram chat… */
  target: z.string().trim().min(1, 'is required').max(2000),
  /** For kinds that take one: ntfy's access token, Telegram's bot token. */
  token: z.string().trim().max(200).optional(),
  /** The kind's own settings, checked by its schema; {} for none. */
  settings: z.record(z.string(), z.unknown()).default({}),
  /** [] covers every monitor. */
  monitorIds: z.array(z.string().min(1).max(64)).max(500).default([]),
  enabled: z.boolean().default(true),
  /** Minutes between reminders while a monitor stays down and nobody acknowledged; 0: none. */
  remindEveryMinutes: z.number().int().min(0, 'must be 0 (off) or more').max(1440).default(0),
  /** Also send the support desk's notices (app.alerts.notifyTeam). */
  supportNotices: z.boolean().default(false),
};

/** A channel as the console's Add form and the file give it. */
export const alertChannelInput = z.strictObject({ id: alertChannelId, ...alertChannelSettings });
/** The console's Edit form: no id; an empty target or token keeps the stored one. */
export const alertChannelEdit = z.strictObject({
  ...alertChannelSettings,
  target: z.string().trim().max(2000).default(''),
});

/**
 * The same schemas with the server's registered kinds (server/alerts/channel-kinds/index.ts):
 * `kind` must name one of them, with the other fields' problems in the same answer.
 */
export function alertChannelSchemasFor(kinds: readonly [string, ...string[]]) {
  const kind = z.enum(kinds, { error: `must be ${kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`}` });
  return {
    input: alertChannelInput.extend({ kind }),
    edit: alertChannelEdit.extend({ kind }),
  };
}

/** A registered kind as the console's form draws it. */
export const alertChannelKindInfo = z.object({
  kind: z.string(),
  label: z.string(),
  target: z.object({ label: z.string(), hint: z.string(), input: z.enum(['email', 'url', 'text']) }),
  /** The secret it takes beside the target, if any. */
  token: z.object({ label: z.string(), hint: z.string(), required: z.boolean() }).nullable(),
  fields: z.array(settingField),
});

export const alertChannelKindList = z.object({ kinds: z.array(alertChannelKindInfo) });

export const alertChannelParams = z.object({ id: z.string().min(1).max(64) });

/** A channel as the console lists it: its secret only as a hint. */
export const staffAlertChannel = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  /** The target masked: an e-mail's domain, a URL's host with the rest hidden. */
  targetHint: z.string(),
  hasToken: z.boolean(),
  /** The kind's own settings (none of them secret). */
  settings: z.record(z.string(), z.unknown()),
  monitorIds: z.array(z.string()),
  enabled: z.boolean(),
  remindEveryMinutes: z.number(),
  supportNotices: z.boolean(),
  /** Declared in the monitors file (`npm run monitors -- import`) or made in the console. */
  source: z.enum(['console', 'file']),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const staffAlertChannelList = z.object({ channels: z.array(staffAlertChannel) });

/** What a test alert came to, as the console shows it. */
export const alertTestResult = z.object({
  ok: z.boolean(),
  statusCode: z.number().nullable(),
  /** Why it failed, without the secret. */
  error: z.string().nullable(),
});

export const alertState = z.enum(alertStates);

/** One alert: a monitor that went down, until it recovers. */
export const staffAlert = z.object({
  id: z.number(),
  monitorId: z.string(),
  monitorName: z.string(),
  state: alertState,
  /** When the monitor was decided down. */
  startedAt: z.number(),
  detail: z.string().nullable(),
  /** The detail's kind of failure in the public board's words ("Connection refused"; docs/decisions.md 86). */
  failure: z.string().nullable(),
  /** Where it fails from, when the decision says (probe locations). */
  locations: z.array(z.string()),
  acknowledgedAt: z.number().nullable(),
  acknowledgedBy: z.string().nullable(),
  recoveredAt: z.number().nullable(),
  /** The incident prepared for it: a draft until someone publishes it. */
  draft: z
    .object({
      title: z.string(),
      /** What publishing posts: the first update's text. */
      message: z.string(),
      /** The monitor has recovered: publishing posts a resolved incident, from when it went down to when it came back. */
      resolves: z.boolean(),
      state: z.enum(['draft', 'published', 'dismissed']),
      incidentId: z.string().nullable(),
      /** When it publishes by itself, if the option is on and nobody did. */
      autoPublishAt: z.number().nullable(),
    })
    .nullable(),
  /**
   * The enabled channels that cover the monitor now (an alert of its next outage goes there),
   * beside the deliveries, which say who was told of this one when it fired.
   */
  channelsNow: z.array(z.string()),
  /** Deliveries per channel: sent, waiting, failed. */
  deliveries: z.array(z.object({ channelName: z.string(), kind: z.string(), status: z.string(), lastError: z.string().nullable() })),
});

export const staffAlertList = z.object({ alerts: z.array(staffAlert), autoPublishMinutes: z.number() });

export const alertParams = z.object({ id: z.coerce.number().int().min(1) });

export const alertSettingsBody = z.strictObject({
  /** Minutes after which a draft incident publishes itself; 0: never. */
  autoPublishMinutes: z.number().int().min(0, 'must be 0 (off) or more').max(1440),
});

/** The signed link in an alert: which alert, which channel carried it, and its signature. */
export const alertAckLinkBody = z.strictObject({
  alert: z.number().int().min(1),
  channel: alertChannelId,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a link token'),
});

export const alertAckLinkResult = z.object({ monitorName: z.string(), state: alertState, acknowledgedBy: z.string().nullable() });

export type AlertChannelInput = z.infer<typeof alertChannelInput>;
export type AlertChannelEdit = z.infer<typeof alertChannelEdit>;
export type StaffAlertChannel = z.infer<typeof staffAlertChannel>;
export type AlertChannelKindInfo = z.infer<typeof alertChannelKindInfo>;
export type StaffAlert = z.infer<typeof staffAlert>;
export type AlertTestResult = z.infer<typeof alertTestResult>;
