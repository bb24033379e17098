/**
 * Rules of status subscriptions that the board's form and the server both apply. No
 * dependencies beyond the contact rules' e-mail check, so the form's bundle stays small.
 */
import { isValidEmail } from './contact-rules.ts';

/** Where notifications go: an e-mail address, or a chat webhook (Discord- or Slack-compatible). */
export const subscriptionChannels = ['email', 'webhook'] as const;
export type SubscriptionChannel = (typeof subscriptionChannels)[number];

export const subscriptionLimits = {
  /** The longest address SMTP carries. */
  email: 254,
  /** A webhook URL (Discord's are about 120 characters; Slack's about 80). */
  webhook: 2048,
  /** Monitors one subscription may choose. */
  monitors: 100,
} as const;

/** Subscribe requests one client address may make in the window (then 429). */
export const subscribeRateLimit = { max: 5, windowMs: 10 * 60 * 1000 } as const;

/** Confirmation messages one e-mail address or webhook gets in a day, however many clients ask. */
export const confirmationsPerTargetPerDay = 3;

/** A token from a link: 32 random bytes, base64url. */
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The badge windows `?uptime=` takes. */
export const badgeWindows = ['24h', '30d', '90d'] as const;
export type BadgeWindow = (typeof badgeWindows)[number];

export interface SubscriptionInput {
  channel: SubscriptionChannel;
  address: string;
  /** Empty: every monitor. */
  monitorIds: string[];
}

export type SubscriptionField = 'channel' | 'address' | 'monitorIds';
export type SubscriptionFieldErrors = Partial<Record<SubscriptionField, string>>;

export type SubscriptionValidation = { ok: true; value: SubscriptionInput } | { ok: false; fields: SubscriptionFieldErrors };

/** Why a webhook URL is refused by its form alone (the server then checks where it leads). */
export function webhookUrlProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'Enter the webhook’s full address, starting with https://.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter the webhook’s full address, starting with https://.';
  if (url.username || url.password) return 'A webhook address must not contain a user name or password.';
  if (url.hash) return 'A webhook address has no # part: copy it again from your chat’s settings.';
  return undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Checks a subscription as typed: a channel, an address valid for it, and the chosen monitors
 * (unique ids; none chosen means all). Which monitors exist is the server's to say.
 */
export function validateSubscription(input: Partial<Record<string, unknown>>): SubscriptionValidation {
  const fields: SubscriptionFieldErrors = {};
  const channel = input.channel;
  if (channel !== 'email' && channel !== 'webhook') fields.channel = 'Choose e-mail or webhook.';
  const address = text(input.address);
  if (channel === 'email') {
    if (address === '') fields.address = 'Please enter your e-mail address.';
    else if (address.length > subscriptionLimits.email || !isValidEmail(address))
      fields.address = 'Please enter a valid e-mail address, like name@example.com.';
  } else if (channel === 'webhook') {
    if (address === '') fields.address = 'Please enter the webhook URL.';
    else if (address.length > subscriptionLimits.webhook)
      fields.address = `A webhook URL must be at most ${subscriptionLimits.webhook.toLocaleString('en-US')} characters.`;
    else {
      const problem = webhookUrlProblem(address);
      if (problem) fields.address = problem;
    }
  }
  const raw = input.monitorIds ?? [];
  const monitorIds = Array.isArray(raw) ? [...new Set(raw.filter((id): id is string => typeof id === 'string' && id !== ''))] : [];
  if (!Array.isArray(raw) || monitorIds.length !== raw.length) fields.monitorIds = 'Choose monitors from the list.';
  else if (monitorIds.length > subscriptionLimits.monitors) fields.monitorIds = `Choose at most ${subscriptionLimits.monitors} monitors, or all of them.`;
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { channel: channel as SubscriptionChannel, address, monitorIds } };
}

/** The token a confirm or unsubscribe link carries in its fragment (#token=…), if it looks like one. */
export function tokenFromFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  return tokenPattern.test(token) ? token : undefined;
}

/** Where the links of subscription messages lead (pages of the site; the token rides in the fragment). */
export const subscriptionPages = {
  confirm: '/network-status/confirm',
  unsubscribe: '/network-status/unsubscribe',
} as const;
