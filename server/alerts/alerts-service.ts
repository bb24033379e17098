import type { AlertTestResult, StaffAlert } from '../../contracts/alerts.ts';
import type { Acting } from '../audit/audit-service.ts';
import { HttpError } from '../lib/http-error.ts';
import { failureWords } from '../status/failure-words.ts';
import { type AlertChannelRecord, covers, findChannel, listChannels } from './alert-channels-repository.ts';
import { deliveriesOf, dropPendingReminders, findDelivery, lastAttemptStatusCode, queueMessages } from './alert-deliveries-repository.ts';
import { AlertDrafts } from './alert-drafts.ts';
import { AlertFanOut } from './alert-fan-out.ts';
import { ackLinkDays } from './alert-links.ts';
import { type AlertRecord, alertsForConsole, findAlert, moveAlert } from './alerts-repository.ts';
import { dayMs } from '../../contracts/time-units.ts';
import { type AlertsServiceDeps, minuteMs, type TeamNotice } from './alerts-service-deps.ts';

/**
 * Alerts to the team (docs/decisions.md 50-52), as the console and other capabilities see them:
 * the list, acknowledging (signed in, or by the signed link in a message), the draft incidents,
 * test messages and the support desk's notices. What opens, closes and repeats alerts is
 * `fanOut` (alert-fan-out.ts), the draft incidents `drafts` (alert-drafts.ts); messages go
 * through the alert outbox (alert-outbox.ts), written by alert-message-writer.ts.
 */
export class AlertsService {
  private readonly deps: AlertsServiceDeps;
  readonly fanOut: AlertFanOut;
  readonly drafts: AlertDrafts;

  constructor(deps: AlertsServiceDeps) {
    this.deps = deps;
    this.fanOut = new AlertFanOut(deps);
    this.drafts = new AlertDrafts(deps);
  }

  private get now(): number {
    return this.deps.now();
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
    return this.view(id);
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
    await this.drafts.publish(id, acting);
    return this.view(id);
  }

  async dismissDraft(id: number, acting: Acting): Promise<StaffAlert> {
    await this.drafts.dismiss(id, acting);
    return this.view(id);
  }

  async setAutoPublish(minutes: number, acting: Acting): Promise<void> {
    await this.drafts.setAutoPublish(minutes, acting);
  }

  // The console's list.

  async list(): Promise<{ alerts: StaffAlert[]; autoPublishMinutes: number }> {
    const alerts = await alertsForConsole(this.deps.db, this.now - dayMs, 100);
    return { alerts: await this.views(alerts), autoPublishMinutes: await this.drafts.autoPublishMinutes() };
  }

  private async view(id: number): Promise<StaffAlert> {
    return (await this.views([(await findAlert(this.deps.db, id))!]))[0]!;
  }

  private async views(alerts: AlertRecord[]): Promise<StaffAlert[]> {
    const deliveries = await deliveriesOf(
      this.deps.db,
      alerts.map((a) => a.id),
    );
    const minutes = await this.drafts.autoPublishMinutes();
    const channels = (await listChannels(this.deps.db)).filter((c) => c.enabled);
    return alerts.map((a) => ({
      id: a.id,
      monitorId: a.monitorId,
      monitorName: this.deps.monitorName(a.monitorId),
      state: a.state === 'held' ? 'firing' : a.state,
      startedAt: a.startedAt,
      detail: a.detail,
      failure: a.detail ? failureWords(a.detail) : null,
      locations: a.locations,
      acknowledgedAt: a.acknowledgedAt,
      acknowledgedBy: a.acknowledgedBy,
      recoveredAt: a.recoveredAt,
      draft:
        a.draftState === null
          ? null
          : {
              ...this.drafts.draftOf(a),
              state: a.draftState,
              incidentId: a.incidentId,
              autoPublishAt: a.draftState === 'draft' && minutes > 0 && a.firedAt !== null && a.state !== 'recovered' ? a.firedAt + minutes * minuteMs : null,
            },
      channelsNow: channels.filter((c) => covers(c, a.monitorId)).map((c) => c.name),
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
        const code = delivery ? await lastAttemptStatusCode(this.deps.db, delivery.id) : null;
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
}
