import { probeLocationName } from '../../contracts/probe-locations-rules.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AlertTestResult, StaffAlert } from '../../contracts/alerts.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { IncidentsService } from '../incidents/incidents-service.ts';
import { HttpError } from '../lib/http-error.ts';
import { monitorChangesAfter, type MonitorChangeEvent } from '../status/monitor-changes.ts';
import { ackLinkDays, type AlertLinks } from './alert-links.ts';
import type { AlertMessage } from './alert-messages.ts';
import {
  alertsForConsole,
  alertsIn,
  type AlertChannelRecord,
  type AlertRecord,
  channelsAlerted,
  type ClaimedAlertDelivery,
  claimDraft,
  covers,
  deleteAlert,
  deliveriesOf,
  draftsFiredBefore,
  dropPendingReminders,
  findAlert,
  findChannel,
  findDelivery,
  insertAlert,
  lastReminders,
  listChannels,
  lockCursor,
  moveAlert,
  openAlertOf,
  queueMessages,
  readSetting,
  writeSetting,
} from './alerts-repository.ts';

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** The system acting for the alerts' own jobs (the auto-publish). */
export const alertsSystem: Acting = { actor: { kind: 'system', id: null, label: 'alerts (auto-publish)' }, clientIp: null };

/** What the support desk (or anything else) tells the team through the channels that opted in. */
export interface TeamNotice {
  subject: string;
  text: string;
  /** A link into the console (absolute, or a path on this site). */
  link?: string;
}

export interface AlertsServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  audit: AuditLog;
  incidents: Pick<IncidentsService, 'createIncident'>;
  /** A monitor's name (its id when it is gone). */
  monitorName: (id: string) => string;
  /** Whether a monitor exists, and whether it is paused (neither is probed, so neither recovers). */
  monitorState: (id: string) => Promise<'active' | 'paused' | 'gone'>;
  /** Whether a monitor is inside one of its maintenance windows at a time. */
  inMaintenance: (monitorId: string, at: number) => boolean;
  links: AlertLinks;
  publicUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
  /** After messages were queued: wake the outbox. */
  onQueued: () => void;
  /** How long a message is retried before it is marked failed. */
  maxAgeMs: number;
  now: () => number;
}

/**
 * Alerts to the team (docs/decisions.md 50-52). Reads the monitors' decided changes from the
 * status event log in order, with a cursor of its own moved in the transaction that opens or
 * closes alerts and queues their messages, so every change is acted on once on any number of
 * instances; reminders, the end of a maintenance window and the draft incidents' auto-publish
 * are looked at by jobs. Messages go through the alert outbox (alert-outbox.ts).
 */
export class AlertsService {
  private readonly deps: AlertsServiceDeps;

  constructor(deps: AlertsServiceDeps) {
    this.deps = deps;
  }

  private get now(): number {
    return this.deps.now();
  }

  private get consoleUrl(): string {
    return `${this.deps.publicUrl.replace(/\/$/, '')}/staff#alerts`;
  }

  // The fan-out of the event log.

  /** Acts on the monitor changes the cursor has not passed; returns how many were read. */
  async fanOut(limit = 200): Promise<number> {
    let queued = 0;
    const read = await this.deps.db.transaction().execute(async (trx) => {
      const cursor = await lockCursor(trx, this.deps.dialect);
      const events = await monitorChangesAfter(trx, cursor, limit);
      for (const event of events) queued += await this.apply(trx, event);
      // Other kinds of events in between are not ours: the cursor moves past them too.
      const last = events.at(-1)?.id;
      if (last !== undefined) await writeSetting(trx, 'cursor', String(last), this.now);
      return events.length;
    });
    if (queued) this.deps.onQueued();
    return read;
  }

  /** One change: down opens an alert (held inside maintenance), anything else after down closes it. */
  private async apply(trx: Transaction<Database>, event: MonitorChangeEvent): Promise<number> {
    const change = event.payload;
    const open = await openAlertOf(trx, change.monitorId);
    const now = this.now;
    if (change.to === 'down') {
      // Already alerted (a restart decides again from nothing): the outage goes on.
      if (open) return 0;
      // The quorum decider says what each location saw: the alert names those that fail.
      const failing = (change.locations ?? []).filter((l) => l.state === 'down').map((l) => probeLocationName(l.location));
      const locations = failing.length ? failing : null;
      const held = change.maintenance;
      const id = await insertAlert(
        trx,
        {
          monitorId: change.monitorId,
          state: held ? 'held' : 'firing',
          eventId: event.id,
          startedAt: change.at,
          firedAt: held ? null : now,
          detail: change.detail ?? null,
          locations,
          draft: !held,
        },
        now,
      );
      if (held) return 0;
      return this.queueFor(trx, (await findAlert(trx, id))!, 'down');
    }
    // Degraded, operational: not an outage (docs/decisions.md 50); it ends one that was open.
    if (!open) return 0;
    if (open.state === 'held') {
      await deleteAlert(trx, open.id);
      return 0;
    }
    await moveAlert(trx, open.id, ['firing', 'acknowledged'], { state: 'recovered', recovered_at: change.at }, now);
    await dropPendingReminders(trx, open.id);
    const told = new Set(await channelsAlerted(trx, open.id));
    const channels = (await listChannels(trx)).filter((c) => told.has(c.id));
    const ids = await queueMessages(
      trx,
      channels.map((channel) => ({ channel, alertId: open.id, kind: 'recovered' as const })),
      now,
      now + this.deps.maxAgeMs,
    );
    return ids.length;
  }

  /** Queues the alert's first message on every enabled channel that covers its monitor. */
  private async queueFor(trx: Transaction<Database>, alert: AlertRecord, kind: 'down'): Promise<number> {
    const channels = (await listChannels(trx)).filter((c) => c.enabled && covers(c, alert.monitorId));
    const now = this.now;
    const ids = await queueMessages(
      trx,
      channels.map((channel) => ({ channel, alertId: alert.id, kind })),
      now,
      now + this.deps.maxAgeMs,
    );
    return ids.length;
  }

  /** Alerts held by a maintenance window that has ended: the monitor is still down, so the team hears now. */
  async releaseHeld(): Promise<number> {
    let released = 0;
    for (const alert of await alertsIn(this.deps.db, ['held'])) {
      const now = this.now;
      if (this.deps.inMaintenance(alert.monitorId, now)) continue;
      const queued = await this.deps.db.transaction().execute(async (trx) => {
        if (!(await moveAlert(trx, alert.id, ['held'], { state: 'firing', fired_at: now, draft_state: 'draft' }, now))) return 0;
        released += 1;
        return this.queueFor(trx, { ...alert, state: 'firing', firedAt: now }, 'down');
      });
      if (queued) this.deps.onQueued();
    }
    return released;
  }

  /**
   * Ends, without a message, the alerts of monitors deleted since: nothing probes them, so no
   * recovery would ever come and reminders would go on forever.
   */
  async endOrphans(): Promise<number> {
    let ended = 0;
    for (const alert of await alertsIn(this.deps.db, ['held', 'firing', 'acknowledged'])) {
      if ((await this.deps.monitorState(alert.monitorId)) !== 'gone') continue;
      const now = this.now;
      await this.deps.db.transaction().execute(async (trx) => {
        if (alert.state === 'held') await deleteAlert(trx, alert.id);
        else if (await moveAlert(trx, alert.id, ['firing', 'acknowledged'], { state: 'recovered', recovered_at: now }, now))
          await dropPendingReminders(trx, alert.id);
      });
      ended += 1;
    }
    return ended;
  }

  /** Queues the reminders that are due: every N minutes (the channel's) while firing, outside maintenance, for a monitor still probed. */
  async remind(): Promise<number> {
    let queued = 0;
    for (const alert of await alertsIn(this.deps.db, ['firing'])) {
      const now = this.now;
      if (alert.firedAt === null || this.deps.inMaintenance(alert.monitorId, now) || (await this.deps.monitorState(alert.monitorId)) !== 'active') continue;
      const told = new Set(await channelsAlerted(this.deps.db, alert.id));
      const channels = (await listChannels(this.deps.db)).filter((c) => c.enabled && c.remindEveryMinutes > 0 && told.has(c.id));
      if (channels.length === 0) continue;
      const last = await lastReminders(this.deps.db, alert.id);
      const due = channels.flatMap((channel) => {
        const seq = Math.floor((now - alert.firedAt!) / (channel.remindEveryMinutes * minuteMs));
        // One reminder per interval passed; after a pause (the app was off) only the latest, not a burst.
        return seq >= 1 && seq > (last.get(channel.id) ?? 0) ? [{ channel, alertId: alert.id, kind: 'reminder' as const, seq }] : [];
      });
      if (due.length === 0) continue;
      queued += await this.deps.db.transaction().execute(async (trx) => {
        // Acknowledged or recovered meanwhile: no reminder.
        const current = await findAlert(trx, alert.id);
        if (current?.state !== 'firing') return 0;
        return (await queueMessages(trx, due, now, now + this.deps.maxAgeMs)).length;
      });
    }
    if (queued) this.deps.onQueued();
    return queued;
  }

  // Acknowledging.

  async acknowledge(id: number, acting: Acting): Promise<StaffAlert> {
    const alert = await findAlert(this.deps.db, id);
    if (!alert || alert.state === 'held') throw new HttpError(404, 'alert_not_found', `There is no alert ${id}.`);
    if (alert.state !== 'firing')
      throw new HttpError(
        409,
        'alert_not_firing',
        alert.state === 'recovered' ? 'This alert has recovered already.' : `${alert.acknowledgedBy ?? 'Someone'} acknowledged it already.`,
      );
    await this.ackWith(alert, acting.actor.label ?? 'staff', acting, {});
    return (await this.views([(await findAlert(this.deps.db, id))!]))[0]!;
  }

  /** From the signed link in an alert: no sign-in; the channel that carried the link is who. */
  async acknowledgeByLink(
    body: { alert: number; channel: string; token: string },
    clientIp: string | null,
  ): Promise<{ monitorName: string; state: StaffAlert['state']; acknowledgedBy: string | null }> {
    const alert = await findAlert(this.deps.db, body.alert);
    const channel = await findChannel(this.deps.db, body.channel);
    const refused = new HttpError(404, 'alert_link_invalid', 'This acknowledge link is not valid (the alert or its channel is gone, or the link was changed).');
    if (!alert || !channel || alert.state === 'held' || !this.deps.links.verify(alert, channel.id, body.token)) throw refused;
    if (alert.firedAt !== null && this.now > alert.firedAt + ackLinkDays * dayMs)
      throw new HttpError(410, 'alert_link_expired', `This link has expired (links work ${ackLinkDays} days). Acknowledge in the console.`);
    const name = this.deps.monitorName(alert.monitorId);
    if (alert.state !== 'firing') return { monitorName: name, state: alert.state, acknowledgedBy: alert.acknowledgedBy };
    const who = `link in ${channel.name}`;
    await this.ackWith(alert, who, { actor: { kind: 'anonymous', id: channel.id, label: who }, clientIp }, { channel: channel.id, by: who });
    const after = (await findAlert(this.deps.db, alert.id))!;
    return { monitorName: name, state: after.state as StaffAlert['state'], acknowledgedBy: after.acknowledgedBy };
  }

  private async ackWith(alert: AlertRecord, who: string, acting: Acting, detail: Record<string, string>): Promise<void> {
    const now = this.now;
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await moveAlert(trx, alert.id, ['firing'], { state: 'acknowledged', acknowledged_at: now, acknowledged_by: who }, now))) return;
      await dropPendingReminders(trx, alert.id);
      await this.deps.audit.record(
        { ...acting, action: 'alerts.acknowledged', target: this.deps.monitorName(alert.monitorId), detail: { alert: alert.id, ...detail } },
        { db: trx },
      );
    });
  }

  // Draft incidents.

  async publishDraft(id: number, acting: Acting): Promise<StaffAlert> {
    const alert = await findAlert(this.deps.db, id);
    if (!alert || alert.draftState === null) throw new HttpError(404, 'alert_not_found', `There is no draft incident for alert ${id}.`);
    if (alert.draftState !== 'draft') throw new HttpError(409, 'draft_not_open', `This draft was ${alert.draftState} already.`);
    await this.publish(alert, acting);
    return (await this.views([(await findAlert(this.deps.db, id))!]))[0]!;
  }

  async dismissDraft(id: number, acting: Acting): Promise<StaffAlert> {
    const alert = await findAlert(this.deps.db, id);
    if (!alert || alert.draftState === null) throw new HttpError(404, 'alert_not_found', `There is no draft incident for alert ${id}.`);
    const now = this.now;
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await claimDraft(trx, id, 'dismissed', null, now))) throw new HttpError(409, 'draft_not_open', `This draft was ${alert.draftState} already.`);
      await this.deps.audit.record({ ...acting, action: 'alerts.draft_dismissed', target: this.draftTitle(alert), detail: { alert: id } }, { db: trx });
    });
    return (await this.views([(await findAlert(this.deps.db, id))!]))[0]!;
  }

  /** Claims the draft (one caller wins), then writes the incident through the incidents capability. */
  private async publish(alert: AlertRecord, acting: Acting): Promise<void> {
    const now = this.now;
    if (!(await claimDraft(this.deps.db, alert.id, 'published', null, now)))
      throw new HttpError(409, 'draft_not_open', 'This draft was published or dismissed already.');
    try {
      const name = this.deps.monitorName(alert.monitorId);
      const incident = await this.deps.incidents.createIncident(
        {
          title: this.draftTitle(alert),
          impact: 'major',
          monitorIds: [alert.monitorId],
          state: 'investigating',
          message: `${name} is not answering our checks. We are looking into it and will post updates here.`,
        },
        acting,
      );
      await this.deps.db.updateTable('alert').set({ incident_id: incident.id, updated_at: now }).where('id', '=', alert.id).execute();
    } catch (error) {
      await this.deps.db.updateTable('alert').set({ draft_state: 'draft', updated_at: now }).where('id', '=', alert.id).execute();
      throw error;
    }
  }

  private draftTitle(alert: AlertRecord): string {
    return alert.draftTitle ?? `${this.deps.monitorName(alert.monitorId)} is down`;
  }

  /** Publishes the drafts of alerts still open after the configured minutes (0: never). */
  async autoPublish(): Promise<number> {
    const minutes = await this.autoPublishMinutes();
    if (minutes <= 0) return 0;
    let published = 0;
    for (const alert of await draftsFiredBefore(this.deps.db, this.now - minutes * minuteMs)) {
      // A monitor that came back before anyone looked: a human decides whether it was news.
      if (alert.state !== 'firing' && alert.state !== 'acknowledged') continue;
      try {
        await this.publish(alert, alertsSystem);
        published += 1;
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 409))
          this.deps.log.error({ err: error, alert: alert.id }, 'alerts: could not publish a draft incident');
      }
    }
    return published;
  }

  async autoPublishMinutes(): Promise<number> {
    return Number((await readSetting(this.deps.db, 'autoPublishMinutes')) ?? 0);
  }

  async setAutoPublish(minutes: number, acting: Acting): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await writeSetting(trx, 'autoPublishMinutes', String(minutes), this.now);
      await this.deps.audit.record(
        { ...acting, action: 'alerts.settings_changed', target: 'auto-publish', detail: { autoPublishMinutes: minutes } },
        { db: trx },
      );
    });
  }

  // The console's list.

  async list(): Promise<{ alerts: StaffAlert[]; autoPublishMinutes: number }> {
    const alerts = await alertsForConsole(this.deps.db, this.now - dayMs, 100);
    return { alerts: await this.views(alerts), autoPublishMinutes: await this.autoPublishMinutes() };
  }

  private async views(alerts: AlertRecord[]): Promise<StaffAlert[]> {
    const deliveries = await deliveriesOf(
      this.deps.db,
      alerts.map((a) => a.id),
    );
    const minutes = await this.autoPublishMinutes();
    return alerts.map((a) => ({
      id: a.id,
      monitorId: a.monitorId,
      monitorName: this.deps.monitorName(a.monitorId),
      state: a.state === 'held' ? 'firing' : a.state,
      startedAt: a.startedAt,
      detail: a.detail,
      locations: a.locations,
      acknowledgedAt: a.acknowledgedAt,
      acknowledgedBy: a.acknowledgedBy,
      recoveredAt: a.recoveredAt,
      draft:
        a.draftState === null
          ? null
          : {
              title: this.draftTitle(a),
              state: a.draftState,
              incidentId: a.incidentId,
              autoPublishAt: a.draftState === 'draft' && minutes > 0 && a.firedAt !== null && a.state !== 'recovered' ? a.firedAt + minutes * minuteMs : null,
            },
      deliveries: deliveries.filter((d) => d.alertId === a.id).map(({ alertId: _, ...d }) => d),
    }));
  }

  // Tests and the support desk's notices.

  /** Queues a test message on one channel, then waits (up to `waitMs`) for its first attempt's outcome. */
  async sendTest(channel: AlertChannelRecord, acting: Acting, waitMs: number): Promise<AlertTestResult> {
    const now = this.now;
    const [id] = await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.audit.record({ ...acting, action: 'alerts.channel_tested', target: channel.name, detail: { id: channel.id } }, { db: trx });
      // A test is tried once: expires at once, so a failure is final and shown as it is.
      return queueMessages(trx, [{ channel, alertId: null, kind: 'test', payload: { by: acting.actor.label ?? 'staff' } }], now, now);
    });
    this.deps.onQueued();
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const delivery = await findDelivery(this.deps.db, id!);
      if (!delivery || delivery.attempts > 0) {
        const code = delivery ? await this.lastStatusCode(delivery.id) : null;
        return {
          ok: delivery?.status === 'delivered',
          statusCode: code,
          error: delivery?.status === 'delivered' ? null : (delivery?.lastError ?? 'the channel was deleted'),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ok: false, statusCode: null, error: 'no outcome yet: the message is still waiting to be sent' };
  }

  private async lastStatusCode(deliveryId: number): Promise<number | null> {
    const row = await this.deps.db
      .selectFrom('alert_attempt')
      .select('status_code')
      .where('delivery_id', '=', deliveryId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.status_code ?? null;
  }

  /** The support desk's seam: tells the channels that opted in to support notices. Returns how many were queued. */
  async notifyTeam(notice: TeamNotice): Promise<number> {
    const now = this.now;
    const channels = (await listChannels(this.deps.db)).filter((c) => c.enabled && c.supportNotices);
    const ids = await queueMessages(
      this.deps.db,
      channels.map((channel) => ({ channel, alertId: null, kind: 'notice' as const, payload: notice })),
      now,
      now + this.deps.maxAgeMs,
    );
    if (ids.length) this.deps.onQueued();
    return ids.length;
  }

  // Writing a message (the outbox's channels call this for each delivery).

  /** The message a claimed delivery carries, as of now (an alert acknowledged since is said so). */
  write(job: ClaimedAlertDelivery): AlertMessage {
    const { delivery, channel, alert } = job;
    const key = `alert-${delivery.id}`;
    const at = this.now;
    const base = { kind: delivery.kind, consoleUrl: this.consoleUrl, key, at };
    if (delivery.kind === 'test' || delivery.kind === 'notice' || !alert) {
      const payload = (delivery.payload ? JSON.parse(delivery.payload) : {}) as Partial<TeamNotice> & { by?: string };
      if (delivery.kind === 'test')
        return {
          ...base,
          headline: `Test alert from ${this.deps.siteName}`,
          lines: [`${payload.by ?? 'Someone'} pressed Test on the channel "${channel.name}". Alerts for your monitors will arrive here.`],
          fields: [],
          ackUrl: null,
          data: { channel: channel.id },
        };
      const link = payload.link ? new URL(payload.link, this.deps.publicUrl).href : this.consoleUrl;
      return {
        ...base,
        consoleUrl: link,
        headline: payload.subject ?? 'Notice',
        lines: (payload.text ?? '').split('\n'),
        fields: [],
        ackUrl: null,
        data: { channel: channel.id },
      };
    }
    const name = this.deps.monitorName(alert.monitorId);
    const since = `${new Date(alert.startedAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
    const fields = [
      { name: 'Monitor', value: `${name} (${alert.monitorId})` },
      { name: 'Down since', value: since },
      ...(alert.locations.length ? [{ name: 'Fails from', value: alert.locations.join(', ') }] : []),
      ...(alert.detail ? [{ name: 'Error', value: alert.detail }] : []),
    ];
    const firing = alert.state === 'firing';
    const ackUrl = firing && delivery.kind !== 'recovered' ? this.deps.links.url(this.deps.publicUrl, alert, channel.id) : null;
    const data = {
      alert: { id: alert.id, state: alert.state, acknowledgedBy: alert.acknowledgedBy },
      monitor: { id: alert.monitorId, name },
      startedAt: new Date(alert.startedAt).toISOString(),
      detail: alert.detail,
      locations: alert.locations,
      ...(delivery.kind === 'reminder' ? { reminder: delivery.seq } : {}),
    };
    if (delivery.kind === 'recovered') {
      const minutes = Math.round(((alert.recoveredAt ?? at) - alert.startedAt) / minuteMs);
      const lasted = minutes < 1 ? 'less than a minute' : `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
      return {
        ...base,
        headline: `Recovered: ${name}`,
        lines: [`${name} answers again, after ${lasted} down.`],
        fields: [{ name: 'Monitor', value: `${name} (${alert.monitorId})` }],
        ackUrl,
        data: { ...data, recoveredAt: alert.recoveredAt === null ? null : new Date(alert.recoveredAt).toISOString() },
      };
    }
    const where = alert.locations.length ? ` from ${alert.locations.join(', ')}` : '';
    const lines =
      delivery.kind === 'reminder'
        ? [`${name} is still down${where}, and nobody has acknowledged it.`]
        : [`${name} is down${where}.`, ...(alert.state === 'acknowledged' ? [`${alert.acknowledgedBy ?? 'Someone'} acknowledged it.`] : [])];
    return { ...base, headline: `${delivery.kind === 'reminder' ? 'Still down' : 'Down'}: ${name}`, lines, fields, ackUrl, data };
  }
}
