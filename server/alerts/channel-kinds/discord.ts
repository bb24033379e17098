import { z } from 'zod';
import { escapeMarkdown } from '../../contact/channels/discord-payload.ts';
import { type AlertMessage, colours, cut } from '../alert-messages.ts';
import { defineChannelKind, judgedUrl, postJudged, urlHint } from './channel-kind.ts';

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

/** A Discord channel's webhook. */
export const discordChannel = defineChannelKind({
  kind: 'discord',
  label: 'Discord',
  target: { label: 'URL', hint: 'The channel’s webhook URL (Server settings → Integrations → Webhooks).', input: 'url' },
  settings: z.strictObject({}),
  check: ({ target }, { policy }) => judgedUrl(target, policy),
  targetHint: urlHint,
  send: (context) => postJudged(context, context.job.channel.target, discordBody(context.message)),
});
