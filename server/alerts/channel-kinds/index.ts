import { alertChannelSchemasFor } from '../../../contracts/alerts.ts';
import type { AlertChannelKind } from './channel-kind.ts';
import { discordChannel } from './discord.ts';
import { emailChannel } from './email.ts';
import { ntfyChannel } from './ntfy.ts';
import { slackChannel } from './slack.ts';
import { telegramChannel } from './telegram.ts';
import { webhookChannel } from './webhook.ts';

/**
 * Every kind of alert channel (docs/decisions.md 114): a new kind is one module in this folder
 * and one line here. The console, the monitors file, the alert outbox's lanes and the tests of
 * a channel take them from this list, in this order (the console's).
 */
// biome-ignore format: one line per kind, so adding one is one line
export const alertChannelKinds: readonly AlertChannelKind[] = [
  emailChannel,
  discordChannel,
  slackChannel,
  webhookChannel,
  ntfyChannel,
  telegramChannel,
];

/** The registered kind of this name, or undefined. */
export function findChannelKind(kind: string): AlertChannelKind | undefined {
  return alertChannelKinds.find((k) => k.kind === kind);
}

/** The channel schemas of contracts/alerts.ts with these kinds: what the console's routes and the monitors file check. */
export const alertChannelSchemas = alertChannelSchemasFor(alertChannelKinds.map((k) => k.kind) as [string, ...string[]]);
