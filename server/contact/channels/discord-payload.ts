import type { ContactMessage } from '../contact-repository.ts';

/** Discord's limits for a webhook message's embeds (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const discordLimits = {
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  /** Every title, description, field name and value, footer text and author name, over all embeds. */
  total: 6000,
  embeds: 10,
} as const;

export interface DiscordEmbed {
  title: string;
  description: string;
  color: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  timestamp?: string;
  footer?: { text: string };
}

export interface DiscordWebhookPayload {
  embeds: DiscordEmbed[];
  /** No @everyone, @here, user or role pings, whatever the message says. */
  allowed_mentions: { parse: [] };
}

/** The brand colour (indigo 600) as Discord wants it: an integer. */
export const embedColour = 0x4f46e5;

// Characters Discord's markdown gives a meaning to. Escaped, so a visitor's text shows as
// typed and cannot dress up a masked link ([text](url)) or a mention-like <@id>.
const markdownCharacters = new Set(['\\', '*', '_', '~', '`', '|', '>', '#', '[', ']', '(', ')', '<', '-']);

export function escapeMarkdown(text: string): string {
  let out = '';
  for (const ch of text) out += markdownCharacters.has(ch) ? `\\${ch}` : ch;
  return out;
}

/**
 * The longest prefix of `text` whose escaped form fits in `room` characters, preferring to end
 * at a line break or a space near the end. Returns the escaped prefix and how much of `text` it used.
 */
function takeEscaped(text: string, room: number): { escaped: string; used: number } {
  let escapedLength = 0;
  let used = 0;
  let lastBreak = -1;
  while (used < text.length) {
    const ch = text[used]!;
    const width = markdownCharacters.has(ch) ? 2 : 1;
    if (escapedLength + width > room) break;
    escapedLength += width;
    used += 1;
    if (ch === '\n' || ch === ' ') lastBreak = used;
  }
  // Do not split a surrogate pair.
  if (used < text.length && used > 0 && /[\uD800-\uDBFF]/.test(text[used - 1]!)) used -= 1;
  if (used < text.length && lastBreak > 0 && used - lastBreak < 200) used = lastBreak;
  return { escaped: escapeMarkdown(text.slice(0, used)), used };
}

/** Cuts a field value to Discord's limit with a marker. */
function fieldValue(text: string): string {
  const escaped = escapeMarkdown(text);
  return escaped.length <= discordLimits.fieldValue ? escaped : `${takeEscaped(text, discordLimits.fieldValue - 1).escaped}…`;
}

function embedTextLength(embed: DiscordEmbed): number {
  return (
    embed.title.length +
    embed.description.length +
    (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0) +
    (embed.footer?.text.length ?? 0)
  );
}

/** The text Discord counts towards its 6,000-character limit, over every embed. */
export function payloadTextLength(payload: DiscordWebhookPayload): number {
  return payload.embeds.reduce((n, e) => n + embedTextLength(e), 0);
}

const continuedTitle = 'Message (continued)';

/**
 * The webhook message for a contact message: one embed with a title, the brand colour, fields
 * for name, e-mail and subject, the message as the description, a timestamp and a footer. A
 * message longer than one description continues in further embeds; what does not fit in
 * Discord's 6,000 characters is cut with a marker pointing at the stored copy.
 */
export function buildDiscordPayload(message: ContactMessage, siteName: string): DiscordWebhookPayload {
  const first: DiscordEmbed = {
    title: 'New contact message',
    description: '',
    color: embedColour,
    fields: [
      { name: 'Name', value: fieldValue(message.name), inline: true },
      { name: 'Email', value: fieldValue(message.email), inline: true },
      { name: 'Subject', value: fieldValue(message.subject), inline: false },
    ],
    timestamp: new Date(message.createdAt).toISOString(),
    footer: { text: `${siteName} contact form · message ${message.id}` },
  };
  const embeds: DiscordEmbed[] = [first];
  let budget = discordLimits.total - embedTextLength(first);
  let rest = message.message;
  let current = first;
  const marker = (left: number) =>
    `\n… (trimmed: ${left.toLocaleString('en-US')} more characters; the full message is stored, see npm run contact -- show ${message.id})`;
  for (;;) {
    const room = Math.min(discordLimits.description, budget);
    const { escaped, used } = takeEscaped(rest, room);
    if (used === rest.length) {
      current.description = escaped;
      break;
    }
    const canContinue = embeds.length < discordLimits.embeds && budget - escaped.length > continuedTitle.length + 200;
    if (canContinue) {
      current.description = escaped;
      budget -= escaped.length;
      rest = rest.slice(used);
      current = { title: continuedTitle, description: '', color: embedColour };
      embeds.push(current);
      budget -= continuedTitle.length;
      continue;
    }
    // Out of room: cut, leaving space for the marker (its number can only shrink as the cut grows).
    const roomForText = room - marker(rest.length).length;
    const cut = takeEscaped(rest, Math.max(0, roomForText));
    current.description = cut.escaped + marker(rest.length - cut.used);
    break;
  }
  return { embeds, allowed_mentions: { parse: [] } };
}
