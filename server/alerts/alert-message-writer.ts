import { failureWords } from '../status/failure-words.ts';
import type { AlertMessage } from './alert-messages.ts';
import type { ClaimedAlertDelivery } from './alert-deliveries-repository.ts';
import { type AlertsServiceDeps, minuteMs, type TeamNotice } from './alerts-service-deps.ts';

type MessageDeps = Pick<AlertsServiceDeps, 'monitorName' | 'links' | 'publicUrl' | 'siteName' | 'now'>;

/** The message a claimed delivery carries, as of now (an alert acknowledged since is said so). */
export function writeAlertMessage(job: ClaimedAlertDelivery, deps: MessageDeps): AlertMessage {
  const { delivery, channel, alert } = job;
  const key = `alert-${delivery.id}`;
  const at = deps.now();
  const consoleUrl = `${deps.publicUrl.replace(/\/$/, '')}/staff#alerts`;
  const base = { kind: delivery.kind, consoleUrl: consoleUrl, key, at };
  if (delivery.kind === 'test' || delivery.kind === 'notice' || !alert) {
    const payload = (delivery.payload ? JSON.parse(delivery.payload) : {}) as Partial<TeamNotice> & { by?: string };
    if (delivery.kind === 'test')
      return {
        ...base,
        headline: `Test alert from ${deps.siteName}`,
        lines: [`${payload.by ?? 'Someone'} pressed Test on the channel "${channel.name}". Alerts for your monitors will arrive here.`],
        fields: [],
        ackUrl: null,
        data: { channel: channel.id },
      };
    const link = payload.link ? new URL(payload.link, deps.publicUrl).href : consoleUrl;
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
  const name = deps.monitorName(alert.monitorId);
  const since = `${new Date(alert.startedAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  const fields = [
    { name: 'Monitor', value: `${name} (${alert.monitorId})` },
    { name: 'Down since', value: since },
    ...(alert.locations.length ? [{ name: 'Fails from', value: alert.locations.join(', ') }] : []),
    // The failure in the board's words (docs/decisions.md 86), then the probe's own error for the team.
    ...(alert.detail
      ? [
          { name: 'Failure', value: failureWords(alert.detail) },
          { name: 'Error', value: alert.detail },
        ]
      : []),
  ];
  const firing = alert.state === 'firing';
  const ackUrl = firing && delivery.kind !== 'recovered' ? deps.links.url(deps.publicUrl, alert, channel.id) : null;
  const data = {
    alert: { id: alert.id, state: alert.state, acknowledgedBy: alert.acknowledgedBy },
    monitor: { id: alert.monitorId, name },
    startedAt: new Date(alert.startedAt).toISOString(),
    detail: alert.detail,
    failure: alert.detail ? failureWords(alert.detail) : null,
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
