import type { Kysely } from 'kysely';
import type { AlertChannelEdit, AlertChannelInput, AlertTestResult, StaffAlertChannel } from '../../contracts/alerts.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { WebhookPolicy } from '../subscriptions/webhook-target.ts';
import { type AlertChannelRecord, deleteChannel, findChannel, insertChannel, listChannels, updateChannel } from './alert-channels-repository.ts';
import { findChannelKind } from './channel-kinds/index.ts';

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

const invalid = (field: string, message: string) => new HttpError(400, 'invalid', `Invalid request: ${field} ${message}`, { fields: { [field]: message } });

const notFound = (id: string) => new HttpError(404, 'alert_channel_not_found', `There is no alert channel with the id "${id}".`);

/** The target as the console may show it: its kind's hint (an e-mail's first letter and domain, a URL's host…). */
export function targetHint(channel: Pick<AlertChannelRecord, 'kind' | 'target'>): string {
  return findChannelKind(channel.kind)?.targetHint(channel.target) ?? '…';
}

export function channelView(c: AlertChannelRecord): StaffAlertChannel {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    targetHint: targetHint(c),
    hasToken: c.token !== null,
    settings: c.settings,
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
  async check(c: Pick<AlertChannelRecord, 'kind' | 'target' | 'token' | 'settings' | 'monitorIds'>): Promise<void> {
    const kind = findChannelKind(c.kind);
    if (!kind) throw invalid('kind', 'is not a kind of channel this server has');
    const problem = await kind.check(c, { policy: this.deps.policy, mail: this.deps.mail });
    if (problem) throw invalid(problem.field, problem.message);
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
      // A kind without a token drops the stored one; an empty one keeps it for the same kind.
      token: !findChannelKind(edit.kind)?.token ? null : edit.token ? edit.token : edit.kind === before.kind ? before.token : null,
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
