import { z } from 'zod';
import type { AlertMessageKind } from '../alert-deliveries-repository.ts';
import { type AlertMessage, cut } from '../alert-messages.ts';
import { defineChannelKind, judgedUrl, postJudged, urlHint } from './channel-kind.ts';

/** ntfy's priorities (1-5) and tags (emoji short codes shown before the title). */
const ntfyPriority: Record<AlertMessageKind, string> = { down: '5', reminder: '4', recovered: '3', test: '3', notice: '3' };
const ntfyTags: Record<AlertMessageKind, string> = {
  down: 'rotating_light',
  reminder: 'alarm_clock',
  recovered: 'white_check_mark',
  test: 'test_tube',
  notice: 'speech_balloon',
};

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

/** An ntfy topic (ntfy.sh or one's own server), with an optional access token. */
export const ntfyChannel = defineChannelKind({
  kind: 'ntfy',
  label: 'ntfy push',
  target: { label: 'URL', hint: 'The topic’s URL, such as https://ntfy.sh/your-secret-topic; subscribe to it in the ntfy app.', input: 'url' },
  token: { label: 'Access token', hint: 'For a protected topic (tk_…).', required: false },
  settings: z.strictObject({}),
  check: ({ target }, { policy }) => judgedUrl(target, policy),
  targetHint: urlHint,
  send(context) {
    const request = ntfyRequest(context.message);
    const token = context.job.channel.token;
    return postJudged(context, context.job.channel.target, request.body, {
      headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      contentType: 'text/plain; charset=utf-8',
    });
  },
});
