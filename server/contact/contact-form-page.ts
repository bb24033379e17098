import fs from 'node:fs';
import path from 'node:path';
import { contactFields, formSlots, notSentTemplatePath, type ContactField } from '../../contracts/contact-rules.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => escapes[ch]!);
}

/** What the answer page says: what went wrong, each field's problem, and what the visitor typed. */
export interface FormProblem {
  detail: string;
  fields: Partial<Record<ContactField, string>>;
  values: Partial<Record<ContactField, string>>;
}

/**
 * The answer to a contact form post that was not sent (no JavaScript): the page the site built
 * from the contact form itself (src/pages/contact/not-sent.astro), its placeholders filled with
 * what the visitor typed and what was wrong. Without a built site, a bare page with the message.
 */
export class NotSentPage {
  private readonly file: string;
  private template: string | undefined;

  constructor(siteDir: string) {
    this.file = path.join(siteDir, notSentTemplatePath);
  }

  render(problem: FormProblem): string {
    this.template ??= fs.existsSync(this.file) ? fs.readFileSync(this.file, 'utf8') : '';
    if (!this.template) {
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error: Contact Us</title><meta name="robots" content="noindex"></head><body><main><p role="alert">${escapeHtml(problem.detail)}</p></main></body></html>`;
    }
    let html = fillSlot(this.template, formSlots.problem, escapeHtml(problem.detail));
    for (const field of contactFields) {
      const error = problem.fields[field];
      html = fillSlot(html, formSlots.value(field), escapeHtml(problem.values[field] ?? ''));
      html = fillSlot(html, formSlots.error(field), escapeHtml(error ?? ''));
      html = fillSlot(html, formSlots.invalid(field), error ? 'true' : 'false');
    }
    return html;
  }
}

/**
 * Every occurrence of a slot, replaced by the text as it is: split and join, because a replacement
 * string given to replace/replaceAll is read as a pattern ("$`", "$'" and "$&" paste parts of the
 * page), and what a visitor typed must never be.
 */
function fillSlot(html: string, slot: string, text: string): string {
  return html.split(slot).join(text);
}
