import { postWebhook } from '../../outbox/webhook-sender.ts';
import type { ContactChannel } from '../contact-outbox.ts';
import type { ContactMessage } from '../contact-repository.ts';
import { buildDiscordPayload } from './discord-payload.ts';

/** Asks Discord to answer once the message exists (200 with it), rather than 204 on receipt. */
function withWait(url: string): URL {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('wait')) parsed.searchParams.set('wait', 'true');
  return parsed;
}

/**
 * Delivers to the operator's chat webhook (CONTACT_WEBHOOK_URL) in Discord's format, through
 * the outbox's webhook sender. Any 2xx is delivered; every failure is tried again within the
 * window (the operator may fix the webhook and restart).
 */
export class DiscordWebhookChannel implements ContactChannel {
  readonly name = 'webhook' as const;
  readonly #url: URL;
  readonly #siteName: string;

  constructor(url: string, siteName: string) {
    this.#url = withWait(url);
    this.#siteName = siteName;
  }

  send({ message }: { message: ContactMessage }, timeoutMs: number) {
    return postWebhook({ url: this.#url }, buildDiscordPayload(message, this.#siteName), {
      timeoutMs,
      userAgent: `${this.#siteName}-contact-outbox`,
    });
  }
}
