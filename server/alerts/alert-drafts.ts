import type { Acting } from '../audit/audit-service.ts';
import { HttpError } from '../lib/http-error.ts';
import { readSetting, writeSetting } from './alert-settings-repository.ts';
import { type AlertRecord, claimDraft, draftsFiredBefore, findAlert, linkIncident, reopenDraft } from './alerts-repository.ts';
import { type AlertsServiceDeps, alertsSystem, minuteMs } from './alerts-service-deps.ts';

/** A moment as the public board's texts give it: "2026-11-28 12:05 UTC". */
const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/**
 * The draft incident each alert carries (docs/decisions.md 52): published by a person or, after
 * the configured minutes, by the auto-publish job; or dismissed. Publishing writes the incident
 * through the incidents capability.
 */
export class AlertDrafts {
  private readonly deps: AlertsServiceDeps;

  constructor(deps: AlertsServiceDeps) {
    this.deps = deps;
  }

  private get now(): number {
    return this.deps.now();
  }

  async publish(id: number, acting: Acting): Promise<void> {
    const alert = await findAlert(this.deps.db, id);
    if (!alert || alert.draftState === null) throw new HttpError(404, 'alert_not_found', `There is no draft incident for alert ${id}.`);
    if (alert.draftState !== 'draft') throw new HttpError(409, 'draft_not_open', `This draft was ${alert.draftState} already.`);
    await this.claimAndPublish(alert, acting);
  }

  async dismiss(id: number, acting: Acting): Promise<void> {
    const alert = await findAlert(this.deps.db, id);
    if (!alert || alert.draftState === null) throw new HttpError(404, 'alert_not_found', `There is no draft incident for alert ${id}.`);
    const now = this.now;
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await claimDraft(trx, id, 'dismissed', null, now))) throw new HttpError(409, 'draft_not_open', `This draft was ${alert.draftState} already.`);
      await this.deps.audit.record({ ...acting, action: 'alerts.draft_dismissed', target: this.title(alert), detail: { alert: id } }, { db: trx });
    });
  }

  /** Claims the draft (one caller wins), then writes the incident through the incidents capability. */
  private async claimAndPublish(alert: AlertRecord, acting: Acting): Promise<void> {
    const now = this.now;
    if (!(await claimDraft(this.deps.db, alert.id, 'published', null, now)))
      throw new HttpError(409, 'draft_not_open', 'This draft was published or dismissed already.');
    try {
      // Decided now, not when the console was read: a monitor that recovered meanwhile is published resolved.
      const draft = this.draftOf(alert);
      const incident =
        alert.state === 'recovered' && alert.recoveredAt !== null
          ? await this.deps.incidents.recordResolvedIncident(
              { ...draft, impact: 'major', monitorIds: [alert.monitorId], startedAt: alert.startedAt, resolvedAt: alert.recoveredAt },
              acting,
            )
          : await this.deps.incidents.createIncident({ ...draft, impact: 'major', monitorIds: [alert.monitorId], state: 'investigating' }, acting);
      await linkIncident(this.deps.db, alert.id, incident.id, now);
    } catch (error) {
      await reopenDraft(this.deps.db, alert.id, now);
      throw error;
    }
  }

  title(alert: AlertRecord): string {
    return this.draftOf(alert).title;
  }

  /**
   * What publishing the draft posts (docs/decisions.md 86): while the monitor is down, an incident
   * under investigation; once it has recovered, a resolved one that says when it was down, so the
   * board never reports an outage that is over.
   */
  draftOf(alert: AlertRecord): { title: string; message: string; resolves: boolean } {
    const name = this.deps.monitorName(alert.monitorId);
    if (alert.state === 'recovered' && alert.recoveredAt !== null) {
      return {
        title: alert.draftTitle ?? `${name} was down`,
        message: `${name} was down from ${utc(alert.startedAt)} to ${utc(alert.recoveredAt)}, and has answered our checks since.`,
        resolves: true,
      };
    }
    return {
      title: alert.draftTitle ?? `${name} is down`,
      message: `${name} is not answering our checks. We are looking into it and will post updates here.`,
      resolves: false,
    };
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
        await this.claimAndPublish(alert, alertsSystem);
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
}
