import type { Kysely } from 'kysely';
import type { AlertChannelEdit, AlertChannelInput, AlertTestResult, StaffAlertChannel } from '../../contracts/alerts.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { judgeWebhook, WebhookRefused, type WebhookPolicy } from '../subscriptions/webhook-target.ts';
import { type AlertChannelRecord, deleteChannel, findChannel, insertChannel, listChannels, updateChannel } from './alert-channels-repository.ts';

export interface AlertChannelsDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  /** Where admins' channels may point (STAFF_TARGETS_ALLOW_PRIVATE, else the public policy). */
  policy: WebhookPolicy;
  /** Whether SMTP_URL is set (e-mail channels need it). */
  mail: boolean;
  /** The ids among these that are monitors. */
  knownMonitors: (ids: readonly string[]) => Promise<Set<string>>;
  /** Queues a test message now and waits for its first attempt. */
  sendTest: (channel: AlertChannelRecord, acting: Acting) => Promise<AlertTestResult>;
  now: () => number;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalid = (field: string, message: string) => new HttpError(400, 'invalid', `Invalid request: ${field} ${message}`, { fields: { [field]: message } });

const notFound = (id: string) => new HttpError(404, 'alert_channel_not_found', `There is no alert channel with the id "${id}".`);

/** The target as the console may show it: an e-mail's first letter and domain, a URL's host with the rest hidden. */
export function targetHint(channel: Pick<AlertChannelRecord, 'kind' | 'target'>): string {
  if (channel.kind === 'email') {
    const [local = '', domain = ''] = channel.target.split('@');
    return `${local.slice(0, 1)}…@${domain}`;
  }
  try {
    const url = new URL(channel.target);
    const path = url.pathname.length > 1 ? '/…' : '';
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    return '…';
  }
}

export function channelView(c: AlertChannelRecord): StaffAlertChannel {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    targetHint: targetHint(c),
    hasToken: c.token !== null,
    monitorIds: c.monitorIds,
    enabled: c.enabled,
    remindEveryMinutes: c.remindEveryMinutes,
    supportNotices: c.supportNotices,
    source: c.source,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/**
 * Alert channels, set by admins in the console (docs/decisions.md 50): their targets judged
 * by the address policy of trusted configuration, their secrets written and never read back,
 * one audit entry per change (without the secret).
 */
export class AlertChannelsService {
  private readonly deps: AlertChannelsDeps;

  constructor(deps: AlertChannelsDeps) {
    this.deps = deps;
  }

  async list(): Promise<StaffAlertChannel[]> {
    return (await listChannels(this.deps.db)).map(channelView);
  }

  /** Checks a channel's target and monitors; the message names the field. */
  async check(c: Pick<AlertChannelRecord, 'kind' | 'target' | 'token' | 'monitorIds'>): Promise<void> {
    if (c.kind === 'email') {
      if (!this.deps.mail) throw invalid('kind', 'e-mail needs SMTP_URL, which is not set on this server');
      if (!emailPattern.test(c.target) || c.target.length > 254) throw invalid('target', 'must be an e-mail address');
    } else {
      try {
        await judgeWebhook(c.target, this.deps.policy);
      } catch (error) {
        if (error instanceof WebhookRefused) throw invalid('target', error.field);
        throw error;
      }
    }
    if (c.token && c.kind !== 'ntfy') throw invalid('token', 'is only for ntfy channels');
    const known = await this.deps.knownMonitors(c.monitorIds);
    const unknown = c.monitorIds.filter((id) => !known.has(id));
    if (unknown.length) throw invalid('monitorIds', `names no monitor: ${unknown.join(', ')}`);
  }

  async create(input: AlertChannelInput, acting: Acting): Promise<StaffAlertChannel> {
    const record = { ...input, token: input.token || null, source: 'console' as const };
    await this.check(record);
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      if (await findChannel(trx, input.id)) throw new HttpError(409, 'alert_channel_exists', `An alert channel with the id "${input.id}" exists already.`);
      await insertChannel(trx, record, now);
      await this.deps.audit.record({ ...acting, action: 'alerts.channel_added', target: input.name, detail: { id: input.id, kind: input.kind } }, { db: trx });
    });
    return channelView((await findChannel(this.deps.db, input.id))!);
  }

  async edit(id: string, edit: AlertChannelEdit, acting: Acting): Promise<StaffAlertChannel> {
    const before = await findChannel(this.deps.db, id);
    if (!before) throw notFound(id);
    // An empty target or token keeps the stored secret (the form never had it); a new kind needs a new target.
    if (!edit.target && edit.kind !== before.kind) throw invalid('target', 'is required when the kind changes');
    const record: AlertChannelRecord = {
      ...before,
      ...edit,
      target: edit.target || before.target,
      token: edit.kind !== 'ntfy' ? null : edit.token ? edit.token : before.token,
      source: 'console',
    };
    await this.check(record);
    await this.deps.db.transaction().execute(async (trx) => {
      await updateChannel(trx, record, this.deps.now());
      await this.deps.audit.record(
        {
          ...acting,
          action: 'alerts.channel_changed',
          target: record.name,
          detail: { id, kind: record.kind, enabled: record.enabled, newTarget: edit.target !== '' },
        },
        { db: trx },
      );
    });
    return channelView((await findChannel(this.deps.db, id))!);
  }

  async remove(id: string, acting: Acting): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await findChannel(trx, id);
      if (!before || !(await deleteChannel(trx, id))) throw notFound(id);
      await this.deps.audit.record({ ...acting, action: 'alerts.channel_deleted', target: before.name, detail: { id } }, { db: trx });
    });
  }

  async test(id: string, acting: Acting): Promise<AlertTestResult> {
    const channel = await findChannel(this.deps.db, id);
    if (!channel) throw notFound(id);
    return this.deps.sendTest(channel, acting);
  }
}
