import { z } from 'zod';
import { type AlertMessage, cut } from '../alert-messages.ts';
import { defineChannelKind, judgedUrl, postJudged, urlHint } from './channel-kind.ts';

const slackEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

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

/** A Slack app's incoming webhook. */
export const slackChannel = defineChannelKind({
  kind: 'slack',
  label: 'Slack',
  target: { label: 'URL', hint: 'The incoming webhook URL of a Slack app (https://hooks.slack.com/services/…).', input: 'url' },
  settings: z.strictObject({}),
  check: ({ target }, { policy }) => judgedUrl(target, policy),
  targetHint: urlHint,
  send: (context) => postJudged(context, context.job.channel.target, slackBody(context.message)),
});
