import { z } from 'zod';
import type { AlertMessage } from '../alert-messages.ts';
import { defineChannelKind, judgedUrl, postJudged, urlHint } from './channel-kind.ts';

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

/** Any URL, posted the alert's facts as JSON. */
export const webhookChannel = defineChannelKind({
  kind: 'webhook',
  label: 'JSON webhook',
  target: { label: 'URL', hint: 'Any https:// URL: alerts are POSTed to it as JSON.', input: 'url' },
  settings: z.strictObject({}),
  check: ({ target }, { policy }) => judgedUrl(target, policy),
  targetHint: urlHint,
  send: (context) => postJudged(context, context.job.channel.target, webhookBody(context.message)),
});
