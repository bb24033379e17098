import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/**
 * Telegram's Bot API as far as sendMessage goes, built to its documented shape
 * (https://core.telegram.org/bots/api#sendmessage, #making-requests) on the webhook receiver:
 * POST {base}/bot<token>/sendMessage with a JSON body; a token it does not know gets 401
 * {"ok":false,"error_code":401,"description":"Unauthorized"}, an unknown chat, a missing text,
 * a text over 4096 characters or HTML its parse_mode cannot parse gets 400 with a description,
 * a sent message 200 {"ok":true,"result":Message}.
 */
export interface TelegramBotApi extends WebhookReceiver {
  /** What to give a channel as its base address. */
  base: string;
  /** The messages it accepted, as posted. */
  sent(): { chat_id: string | number; text: string; parse_mode?: string; link_preview_options?: unknown }[];
}

/** The tags Telegram's HTML parse mode allows (and their closing forms). */
const allowedTags = /^<\/?(b|strong|i|em|u|ins|s|strike|del|code|pre|blockquote|tg-spoiler)>$|^<a href="[^"<>]*">$|^<\/a>$/;

function htmlProblem(text: string): string | undefined {
  for (const tag of text.match(/<[^>]*>/g) ?? []) if (!allowedTags.test(tag)) return `Bad Request: can't parse entities: Unsupported start tag "${tag}"`;
  // A bare & must start an entity.
  if (/&(?!(amp|lt|gt|quot|#\d+);)/.test(text)) return "Bad Request: can't parse entities: Character entity expected";
  return undefined;
}

export async function startTelegramBotApi(options: { token: string; chats: readonly (string | number)[] }): Promise<TelegramBotApi> {
  const receiver = await startWebhookReceiver();
  const answer = (r: ReceivedRequest) => {
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(r.url);
    if (!match) return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    if (decodeURIComponent(match[1]!) !== options.token) return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    const body = r.body as { chat_id?: string | number; text?: unknown; parse_mode?: string };
    if (r.headers['content-type']?.split(';')[0] !== 'application/json' || typeof body !== 'object' || body === null)
      return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' } };
    if (body.chat_id === undefined || !options.chats.map(String).includes(String(body.chat_id)))
      return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } };
    if (typeof body.text !== 'string' || body.text.trim() === '')
      return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' } };
    if (body.text.length > 4096) return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message is too long' } };
    const problem = body.parse_mode === 'HTML' ? htmlProblem(body.text) : undefined;
    if (problem) return { status: 400, body: { ok: false, error_code: 400, description: problem } };
    return {
      status: 200,
      body: { ok: true, result: { message_id: receiver.requests.length, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id }, text: body.text } },
    };
  };
  receiver.answer((r) => answer(r));
  return Object.assign(receiver, {
    base: `http://127.0.0.1:${receiver.port}`,
    sent: () => receiver.accepted().map((r) => r.body),
  });
}
