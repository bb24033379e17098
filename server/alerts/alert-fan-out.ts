import { probeLocationName } from '../../contracts/probe-locations-rules.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { monitorChangesAfter, type MonitorChangeEvent } from '../status/monitor-changes.ts';
import { channelsAlerted, dropPendingReminders, lastReminders, queueMessages } from './alert-deliveries-repository.ts';
import { covers, listChannels } from './alert-channels-repository.ts';
import { lockCursor, writeSetting } from './alert-settings-repository.ts';
import { type AlertRecord, alertsIn, deleteAlert, findAlert, insertAlert, moveAlert, openAlertOf } from './alerts-repository.ts';
import { type AlertsServiceDeps, minuteMs } from './alerts-service-deps.ts';

/**
 * What opens, closes and repeats alerts: the fan-out of the status event log (its own cursor,
 * moved in the transaction that opens or closes alerts and queues their messages, so every change
 * is acted on once on any number of instances), the release of alerts held by a maintenance
 * window, the end of alerts of deleted monitors, and reminders. The alerts' jobs call these.
 */
export class AlertFanOut {
  private readonly deps: AlertsServiceDeps;

  constructor(deps: AlertsServiceDeps) {
    this.deps = deps;
  }

  private get now(): number {
    return this.deps.now();
  }

  /** Acts on the monitor changes the cursor has not passed; returns how many were read. */
  async run(limit = 200): Promise<number> {
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
}
