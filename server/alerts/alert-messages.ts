import type { AlertChannelKind } from '../../contracts/alerts-rules.ts';
import { escapeMarkdown } from '../contact/channels/discord-payload.ts';
import type { AlertMessageKind } from './alert-deliveries-repository.ts';

/** One alert message, before it is shaped for a channel. */
export interface AlertMessage {
  kind: AlertMessageKind;
  /** The first line: "Down: Game node 3". */
  headline: string;
  /** What happened, a few plain lines. */
  lines: string[];
  /** Labelled facts (Monitor, Since, From…). */
  fields: { name: string; value: string }[];
  /** Where the team looks: the console's Alerts section. */
  consoleUrl: string;
  /** The signed link that acknowledges without signing in (firing alerts only). */
  ackUrl: string | null;
  /** An id the receiver may use to drop a repeat (the delivery's). */
  key: string;
  at: number;
  /** For the generic JSON webhook: the machine-readable facts. */
  data: Record<string, unknown>;
}

/** Colours by kind: red down, amber reminder, green recovered, indigo otherwise. */
const colours: Record<AlertMessageKind, number> = { down: 0xdc2626, reminder: 0xf59e0b, recovered: 0x16a34a, test: 0x4f46e5, notice: 0x4f46e5 };
/** ntfy's priorities (1-5) and tags (emoji short codes shown before the title). */
const ntfyPriority: Record<AlertMessageKind, string> = { down: '5', reminder: '4', recovered: '3', test: '3', notice: '3' };
const ntfyTags: Record<AlertMessageKind, string> = {
  down: 'rotating_light',
  reminder: 'alarm_clock',
  recovered: 'white_check_mark',
  test: 'test_tube',
  notice: 'speech_balloon',
};

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const slackEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The plain text: mail bodies and ntfy's message. */
export function plainText(m: AlertMessage): string {
  return [
    m.headline,
    '',
    ...m.lines,
    ...(m.fields.length ? ['', ...m.fields.map((f) => `${f.name}: ${f.value}`)] : []),
    '',
    ...(m.ackUrl ? [`Acknowledge (stops the reminders): ${m.ackUrl}`] : []),
    `Open the console: ${m.consoleUrl}`,
    '',
  ].join('\n');
}

/** Discord's webhook message: content and one embed, with no mentions. */
export function discordBody(m: AlertMessage): unknown {
  const links = [...(m.ackUrl ? [`[Acknowledge](${m.ackUrl})`] : []), `[Open the console](${m.consoleUrl})`].join(' · ');
  return {
    content: cut(`**${escapeMarkdown(m.headline)}**`, 2000),
    embeds: [
      {
        title: cut(m.headline, 256),
        url: m.consoleUrl,
        description: cut([...m.lines.map(escapeMarkdown), '', links].join('\n'), 4000),
        color: colours[m.kind],
        fields: m.fields.slice(0, 25).map((f) => ({ name: cut(f.name, 256), value: cut(escapeMarkdown(f.value), 1024), inline: f.value.length < 40 })),
        timestamp: new Date(m.at).toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** Slack's incoming webhook message: text (the notification's words) and blocks. */
export function slackBody(m: AlertMessage): unknown {
  const buttons = [
    ...(m.ackUrl ? [{ type: 'button', text: { type: 'plain_text', text: 'Acknowledge' }, url: m.ackUrl, style: 'primary', action_id: 'acknowledge' }] : []),
    { type: 'button', text: { type: 'plain_text', text: 'Open the console' }, url: m.consoleUrl, action_id: 'console' },
  ];
  return {
    // The notification's words are mrkdwn too: a support notice carries a visitor's name and words,
    // which must not mention the channel or disguise a link (escaped as the blocks are; docs/decisions.md 74).
    text: cut(slackEscape(`${m.headline}: ${m.lines.join(' ')}`), 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(m.headline, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: cut(m.lines.map(slackEscape).join('\n') || ' ', 3000) } },
      ...(m.fields.length
        ? [
            {
              type: 'section',
              fields: m.fields.slice(0, 10).map((f) => ({ type: 'mrkdwn', text: cut(`*${slackEscape(f.name)}*\n${slackEscape(f.value)}`, 2000) })),
            },
          ]
        : []),
      { type: 'actions', elements: buttons },
    ],
  };
}

/** ntfy: the message as the body, the rest as headers (Title, Priority, Tags, Click, Actions). */
export function ntfyRequest(m: AlertMessage): { body: string; headers: Record<string, string> } {
  // Header values must be one line of Latin-1: other characters are sent RFC 2047-encoded.
  const header = (text: string) => {
    const line = text.replace(/[\r\n]+/g, ' ');
    return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line).toString('base64')}?=`;
  };
  const actions = [...(m.ackUrl ? [`view, Acknowledge, ${m.ackUrl}`] : []), `view, Console, ${m.consoleUrl}`].join('; ');
  return {
    body: [...m.lines, ...m.fields.map((f) => `${f.name}: ${f.value}`)].join('\n'),
    headers: {
      Title: header(cut(m.headline, 250)),
      Priority: ntfyPriority[m.kind],
      Tags: ntfyTags[m.kind],
      Click: m.consoleUrl,
      Actions: actions,
    },
  };
}

/** The generic JSON webhook: the facts, for the receiver's own code. */
export function webhookBody(m: AlertMessage): unknown {
  return {
    type: `alert.${m.kind}`,
    at: new Date(m.at).toISOString(),
    headline: m.headline,
    text: m.lines.join('\n'),
    ...m.data,
    consoleUrl: m.consoleUrl,
    acknowledgeUrl: m.ackUrl,
  };
}

/** The body each kind of channel posts. */
export function bodyFor(kind: Exclude<AlertChannelKind, 'email' | 'ntfy'>, m: AlertMessage): unknown {
  return kind === 'discord' ? discordBody(m) : kind === 'slack' ? slackBody(m) : webhookBody(m);
}
