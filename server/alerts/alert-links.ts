import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an alert's acknowledge link works after the alert fired. */
export const ackLinkDays = 7;

/**
 * The signed links in alerts (docs/decisions.md 51): HMAC-SHA256 under a key made from the
 * server's secret, over the alert, the channel that carried the link and the alert's creation
 * time. Single purpose (acknowledging that one alert), derived rather than stored, so a retried
 * message carries the same link and nothing needs keeping; the audit log names the channel the
 * link came through.
 */
export class AlertLinks {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = createHmac('sha256', serverSecret).update('hostfront alert acknowledge links').digest();
  }

  token(alert: { id: number; createdAt: number }, channelId: string): string {
    return createHmac('sha256', this.#key).update(`acknowledge:${alert.id}:${channelId}:${alert.createdAt}`).digest('base64url');
  }

  verify(alert: { id: number; createdAt: number }, channelId: string, token: string): boolean {
    const expected = Buffer.from(this.token(alert, channelId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The page that acknowledges (the token rides in the fragment, out of logs and Referer). */
  url(publicUrl: string, alert: { id: number; createdAt: number }, channelId: string): string {
    const fragment = new URLSearchParams({ alert: String(alert.id), channel: channelId, token: this.token(alert, channelId) });
    return `${publicUrl.replace(/\/$/, '')}/staff/acknowledge#${fragment}`;
  }
}
