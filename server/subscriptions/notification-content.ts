import {
  incident as incidentSchema,
  maintenance as maintenanceSchema,
  type Incident,
  type Maintenance,
  type StatusEventKind,
} from '../../contracts/incidents.ts';
import { discordLimits, escapeMarkdown } from '../contact/channels/discord-payload.ts';
import { notificationColours, notificationCopy as copy } from './notification-copy.ts';

/** What every message needs besides its event: names, links and the subscriber's choice. */
export interface MessageContext {
  siteName: string;
  boardUrl: string;
  /** The one-click page (#token=…) a person opens. */
  unsubscribePageUrl: string;
  /** Monitor names by id (ids not found are shown as they are). */
  monitorNames: ReadonlyMap<string, string>;
  /** The subscriber's monitors; empty for all. */
  subscribedMonitorIds: readonly string[];
}

/** One message, written for both channels. */
export interface ComposedMessage {
  subject: string;
  /** The mail's plain text. */
  text: string;
  /** Discord- and Slack-compatible JSON: Discord reads content and embeds, Slack reads text. */
  webhook: WebhookPayload;
}

export interface WebhookPayload {
  content: string;
  text: string;
  embeds: {
    title: string;
    url?: string;
    description: string;
    color: number;
    fields: { name: string; value: string; inline: boolean }[];
    timestamp?: string;
    footer: { text: string };
  }[];
  allowed_mentions: { parse: [] };
}

/** An event whose payload does not read as the contract says: a bug upstream, not a delivery problem. */
export class UnreadableEvent extends Error {}

/**
 * Made on the first notification, not at import: a date format reads the ICU locale data, which an
 * instance at rest then does not hold (docs/decisions.md 61).
 */
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatTime(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return `${dateFormat.format(new Date(iso))} UTC`;
}

/** Slack's mrkdwn gives &, < and > a meaning: escaped, a title shows as typed. */
function slackEscape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function names(ids: readonly string[], context: MessageContext): string {
  return ids.length === 0 ? copy.allMonitors : ids.map((id) => context.monitorNames.get(id) ?? id).join(', ');
}

function footerLines(context: MessageContext): string[] {
  return [
    '',
    '-- ',
    copy.footer.why(context.siteName, names(context.subscribedMonitorIds, context)),
    `${copy.footer.unsubscribeLine} ${context.unsubscribePageUrl}`,
    '',
  ];
}

interface Parts {
  headline: string;
  title: string;
  colour: number;
  facts: { label: string; value: string }[];
  /** The newest words of staff, with their heading (state and time). */
  note: { heading: string; message: string } | undefined;
  timestamp: string;
}

function incidentParts(kind: StatusEventKind, incident: Incident, context: MessageContext): Parts {
  const latest = incident.updates.at(-1);
  const resolved = incident.state === 'resolved';
  return {
    headline: copy.headlines[kind],
    title: incident.title,
    colour: resolved ? notificationColours.resolved : notificationColours[incident.impact],
    facts: [
      { label: copy.labels.status, value: copy.incidentStates[incident.state] },
      { label: copy.labels.impact, value: copy.impacts[incident.impact] },
      { label: copy.labels.affects, value: names(incident.monitorIds, context) },
    ],
    note: latest ? { heading: `${copy.incidentStates[latest.state]} · ${formatTime(latest.at)}`, message: latest.message } : undefined,
    timestamp: latest?.at ?? incident.startedAt,
  };
}

function maintenanceParts(kind: StatusEventKind, maintenance: Maintenance, context: MessageContext): Parts {
  return {
    headline: copy.headlines[kind],
    title: maintenance.title,
    colour: maintenance.state === 'cancelled' ? notificationColours.cancelled : notificationColours.maintenance,
    facts: [
      { label: copy.labels.status, value: copy.maintenanceStates[maintenance.state] },
      { label: copy.labels.window, value: `${formatTime(maintenance.startsAt)} – ${formatTime(maintenance.endsAt)}` },
      { label: copy.labels.affects, value: names(maintenance.monitorIds, context) },
    ],
    note: maintenance.message ? { heading: copy.maintenanceStates[maintenance.state], message: maintenance.message } : undefined,
    timestamp: maintenance.cancelledAt ?? maintenance.startsAt,
  };
}

function compose(parts: Parts, context: MessageContext): ComposedMessage {
  const subject = `${copy.subjectPrefix(context.siteName)} ${parts.headline}: ${parts.title}`;
  const text = [
    `${parts.headline}: ${parts.title}`,
    '',
    ...parts.facts.map((f) => `${f.label}: ${f.value}`),
    ...(parts.note ? ['', parts.note.heading, parts.note.message] : []),
    '',
    `${copy.labels.liveStatus}: ${context.boardUrl}`,
    ...footerLines(context),
  ].join('\n');
  const links = `[${copy.labels.liveStatus}](${context.boardUrl}) · [${copy.labels.unsubscribe}](${context.unsubscribePageUrl})`;
  const noteText = parts.note ? `**${escapeMarkdown(parts.note.heading)}**\n${escapeMarkdown(parts.note.message)}` : '';
  const room = discordLimits.description - links.length - 2;
  const description = `${cut(noteText, room)}${noteText ? '\n\n' : ''}${links}`;
  const webhook: WebhookPayload = {
    content: cut(`**${escapeMarkdown(parts.headline)}: ${escapeMarkdown(parts.title)}**`, 2000),
    text: [
      `*${slackEscape(parts.headline)}: ${slackEscape(parts.title)}*`,
      parts.facts.map((f) => `${slackEscape(f.label)}: ${slackEscape(f.value)}`).join(' · '),
      ...(parts.note ? [`${slackEscape(parts.note.heading)}: ${slackEscape(parts.note.message)}`] : []),
      `<${context.boardUrl}|${copy.labels.liveStatus}> · <${context.unsubscribePageUrl}|${copy.labels.unsubscribe}>`,
    ].join('\n'),
    embeds: [
      {
        title: cut(parts.title, discordLimits.title),
        url: context.boardUrl,
        description,
        color: parts.colour,
        fields: parts.facts.map((f) => ({
          name: f.label,
          value: cut(escapeMarkdown(f.value), discordLimits.fieldValue),
          inline: f.label !== copy.labels.affects,
        })),
        timestamp: new Date(parts.timestamp).toISOString(),
        footer: { text: `${context.siteName} status` },
      },
    ],
    allowed_mentions: { parse: [] },
  };
  return { subject, text, webhook };
}

/** The message announcing a status event. Throws UnreadableEvent when the payload breaks the contract. */
export function composeEventMessage(kind: StatusEventKind, payload: unknown, context: MessageContext): ComposedMessage {
  if (kind.startsWith('incident.')) {
    const parsed = incidentSchema.safeParse(payload);
    if (!parsed.success) throw new UnreadableEvent(`the ${kind} event does not read as an incident`);
    return compose(incidentParts(kind, parsed.data, context), context);
  }
  const parsed = maintenanceSchema.safeParse(payload);
  if (!parsed.success) throw new UnreadableEvent(`the ${kind} event does not read as a maintenance`);
  return compose(maintenanceParts(kind, parsed.data, context), context);
}

/** The confirmation request: nothing else is sent to an address before it is confirmed. */
export function composeConfirmMessage(context: MessageContext & { confirmPageUrl: string; channel: 'email' | 'webhook' }): ComposedMessage {
  const c = copy.confirm;
  const scope = names(context.subscribedMonitorIds, context);
  const body = c.body(context.siteName, scope, context.channel === 'email' ? c.whereEmail : c.whereWebhook);
  const subject = `${copy.subjectPrefix(context.siteName)} ${c.subject}`;
  const text = [c.headline, '', body, '', `${c.action}:`, context.confirmPageUrl, '', c.ignore, ...footerLines(context)].join('\n');
  const webhook: WebhookPayload = {
    content: `**${escapeMarkdown(c.headline)}**`,
    text: `*${slackEscape(c.headline)}*\n${slackEscape(body)}\n<${context.confirmPageUrl}|${slackEscape(c.action)}>\n${slackEscape(c.ignore)}`,
    embeds: [
      {
        title: c.action,
        url: context.confirmPageUrl,
        description: `${escapeMarkdown(body)}\n\n[${c.action}](${context.confirmPageUrl})\n\n${escapeMarkdown(c.ignore)}`,
        color: notificationColours.confirm,
        fields: [],
        footer: { text: `${context.siteName} status` },
      },
    ],
    allowed_mentions: { parse: [] },
  };
  return { subject, text, webhook };
}
