import { z } from 'zod';
import type { AlertMessage } from '../alert-messages.ts';
import { defineChannelKind, judgedUrl, postJudged } from './channel-kind.ts';

/** Telegram's HTML parse mode: &, < and > as entities (and " inside a link's address). */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const link = (url: string, words: string) => `<a href="${html(url).replaceAll('"', '&quot;')}">${words}</a>`;

/** The message's text in Telegram's HTML (at most 4096 characters): headline, lines, facts, links. */
export function telegramText(m: AlertMessage): string {
  const links = [...(m.ackUrl ? [link(m.ackUrl, 'Acknowledge')] : []), link(m.consoleUrl, 'Open the console')].join(' · ');
  const facts = m.fields.map((f) => `<b>${html(f.name)}</b>: ${html(f.value)}`);
  const head = [`<b>${html(m.headline)}</b>`, ...m.lines.map(html), ...(facts.length ? ['', ...facts] : [])].join('\n');
  // Cut the words, never the links or an entity: the limit counts the text as sent.
  const room = 4096 - links.length - 2;
  const cut = head.length <= room ? head : `${head.slice(0, room - 1).replace(/&[a-z#0-9]*$|<[^>]*$/, '')}…`;
  return `${cut}\n\n${links}`;
}

const botToken = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/;
const chatId = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

/**
 * A Telegram chat, through a bot (docs/decisions.md 114): the Bot API's sendMessage,
 * POST {base}/bot<token>/sendMessage with chat_id, text and parse_mode HTML. The bot's token
 * is the channel's secret (in the address it posts to: never logged, never sent to a browser).
 */
export const telegramChannel = defineChannelKind({
  kind: 'telegram',
  label: 'Telegram',
  target: { label: 'Chat id', hint: 'The chat, group or channel the bot posts to: its id (-1001234567890) or @channelname.', input: 'text' },
  token: { label: 'Bot token', hint: 'From @BotFather: 123456:ABC-DEF1234…', required: true },
  settings: z.strictObject({
    apiBase: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .default('https://api.telegram.org')
      .meta({ title: 'Bot API address', description: 'Telegram’s, or a Bot API server of your own.' }),
  }),
  async check({ target, token, settings }, { policy }) {
    if (!chatId.test(target)) return { field: 'target', message: 'must be a chat id such as -1001234567890, or @channelname' };
    if (!token || !botToken.test(token)) return { field: 'token', message: 'must be a bot token such as 123456:ABC-DEF1234…' };
    return judgedUrl(settings.apiBase, policy, 'settings.apiBase');
  },
  targetHint: (target) => `${target.slice(0, 3)}…`,
  send(context) {
    const { channel } = context.job;
    const url = `${context.settings.apiBase.replace(/\/+$/, '')}/bot${channel.token ?? ''}/sendMessage`;
    return postJudged(context, url, {
      chat_id: channel.target,
      text: telegramText(context.message),
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  },
});
