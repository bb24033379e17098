import type { z } from 'zod';
import { parseSettings } from '../../lib/setting-fields.ts';
import { describeError, type ChannelResult } from '../../outbox/channel.ts';
import type { SmtpSender } from '../../outbox/smtp-sender.ts';
import { postWebhook } from '../../outbox/webhook-sender.ts';
import { judgeWebhook, WebhookRefused, type WebhookPolicy } from '../../subscriptions/webhook-target.ts';
import type { AlertMessage } from '../alert-messages.ts';
import type { ClaimedAlertDelivery } from '../alert-deliveries-repository.ts';

/** What a kind's send is given: the claimed delivery, its message, and the ways out of this server. */
export interface SendContext<S> {
  job: ClaimedAlertDelivery;
  message: AlertMessage;
  /** The kind's settings, checked by its schema. */
  settings: S;
  timeoutMs: number;
  /** Where admins' channels may point (STAFF_TARGETS_ALLOW_PRIVATE, else the public policy), judged again at every delivery. */
  policy: WebhookPolicy;
  userAgent: string;
  /** E-mail through the one SMTP sender; no sender without SMTP_URL. */
  mail: { sender: SmtpSender | undefined; from: { name: string; address: string }; domain: string };
}

/** What a kind's check is given when a channel is saved. */
export interface CheckContext {
  policy: WebhookPolicy;
  /** Whether SMTP_URL is set. */
  mail: boolean;
}

/** A problem with a channel as saved: the field and its message. */
export type FieldProblem = { field: string; message: string } | undefined;

/**
 * A kind of alert channel (docs/decisions.md 114), as Uptime Kuma has notification providers:
 * one module in this folder holds its form's words, its checks, its message format and its
 * sender, registered in the one list (index.ts).
 */
export interface AlertChannelKindSpec<S> {
  /** The value of a channel's `kind`: lowercase, fixed once channels use it. */
  kind: string;
  /** As the console names it: "Telegram". */
  label: string;
  /** The channel's target: an address, a URL, a chat id (a credential: written, never read back). */
  target: { label: string; hint: string; input: 'email' | 'url' | 'text' };
  /** The secret beside the target, for kinds that take one (written, never read back nor logged). */
  token?: { label: string; hint: string; required: boolean };
  /** The kind's own settings (a z.strictObject; fields with .meta({ title, description })). */
  settings: z.ZodType<S>;
  /** Checks a channel when it is saved; the problem names its field. */
  check(channel: { target: string; token: string | null; settings: S }, context: CheckContext): Promise<FieldProblem>;
  /** The target as the console may show it, the secret part hidden. */
  targetHint(target: string): string;
  send(context: SendContext<S>): Promise<ChannelResult>;
}

/** A registered kind: settings taken as stored and checked here before use. */
export interface AlertChannelKind {
  readonly kind: string;
  readonly label: string;
  readonly target: AlertChannelKindSpec<unknown>['target'];
  readonly token: AlertChannelKindSpec<unknown>['token'];
  readonly settings: z.ZodType;
  check(channel: { target: string; token: string | null; settings: unknown }, context: CheckContext): Promise<FieldProblem>;
  targetHint(target: string): string;
  send(context: SendContext<unknown>): Promise<ChannelResult>;
}

/** Declares an alert channel kind: what its module exports and the list (index.ts) registers. */
export function defineChannelKind<S>(spec: AlertChannelKindSpec<S>): AlertChannelKind {
  return {
    kind: spec.kind,
    label: spec.label,
    target: spec.target,
    token: spec.token,
    settings: spec.settings,
    async check(channel, context) {
      if (channel.token && !spec.token) return { field: 'token', message: `is not taken by ${spec.label} channels` };
      if (!channel.token && spec.token?.required) return { field: 'token', message: 'is required' };
      const parsed = parseSettings(spec.settings, channel.settings);
      if (!parsed.ok) {
        const [field, message] = Object.entries(parsed.fields)[0]!;
        return { field, message };
      }
      return spec.check({ ...channel, settings: parsed.value }, context);
    },
    targetHint: (target) => spec.targetHint(target),
    async send(context) {
      const parsed = parseSettings(spec.settings, context.settings);
      if (!parsed.ok) return { ok: false, statusCode: null, error: `bad settings: ${Object.keys(parsed.fields).join(', ')}`, final: true };
      return spec.send({ ...context, settings: parsed.value });
    },
  };
}

/** A URL target judged by the address policy when saved; the policy's message under `field`. */
export async function judgedUrl(url: string, policy: WebhookPolicy, field = 'target'): Promise<FieldProblem> {
  try {
    await judgeWebhook(url, policy);
    return undefined;
  } catch (error) {
    if (error instanceof WebhookRefused) return { field, message: error.field };
    throw error;
  }
}

/** A URL's host with the rest hidden: what the console may show of a webhook's address. */
export function urlHint(target: string): string {
  try {
    const url = new URL(target);
    return `${url.protocol}//${url.host}${url.pathname.length > 1 ? '/…' : ''}`;
  } catch {
    return '…';
  }
}

/**
 * POSTs to a URL judged again by the address policy at delivery and sent to exactly the judged
 * address (the one way alert kinds reach the web): JSON by default, or a body of `contentType`.
 */
export async function postJudged(
  context: Pick<SendContext<unknown>, 'policy' | 'message' | 'timeoutMs' | 'userAgent'>,
  url: string,
  body: unknown,
  extra: { headers?: Record<string, string>; contentType?: string } = {},
): Promise<ChannelResult> {
  let target: Awaited<ReturnType<typeof judgeWebhook>>;
  try {
    target = await judgeWebhook(url, context.policy);
  } catch (error) {
    const reason = error instanceof WebhookRefused ? error.field : describeError(error);
    return { ok: false, statusCode: null, error: `refused by the address policy at delivery: ${reason}` };
  }
  return postWebhook({ url: target.url, pinned: target }, body, {
    timeoutMs: context.timeoutMs,
    userAgent: context.userAgent,
    headers: { 'idempotency-key': context.message.key, ...extra.headers },
    finalStatuses: [401, 403, 404, 410],
    ...(extra.contentType ? { contentType: extra.contentType } : {}),
  });
}
