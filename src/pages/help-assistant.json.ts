import type { APIRoute } from 'astro';
import { help, helpEntries } from '../data/help.ts';
import { supportChatCopy } from '../data/support-chat.ts';

/**
 * What the help assistant shows beyond its categories: the FAQs, every searchable entry and the
 * conversation's texts. Fetched when the assistant first opens, so no page's HTML carries them.
 * The categories (which the pages carry for the first view) are here too, as published, for the
 * billing portal and other readers of the help (docs/decisions.md 160).
 */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ categories: help.categories, faqs: help.faqs, entries: helpEntries(), chat: supportChatCopy }), {
    headers: { 'content-type': 'application/json' },
  });
