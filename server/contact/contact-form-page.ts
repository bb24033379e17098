import fs from 'node:fs';
import path from 'node:path';
import {
  contactFormClasses as cls,
  contactFieldMeta,
  fieldErrorId,
  fieldId,
} from '../../src/components/contact/contact-form-styles.ts';
import { buttonClasses } from '../../src/components/ui/button-styles.ts';
import {
  contactFields,
  contactLabels,
  contactLimits,
  honeypotField,
  type ContactField,
  type ContactFieldErrors,
} from '../../src/lib/contact-rules.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => escapes[ch]!);
}

export interface FormProblem {
  /** What went wrong, for the summary's heading. */
  title: string;
  /** One sentence on what to do. */
  detail: string;
  fields: ContactFieldErrors;
  values: Partial<Record<ContactField, string>>;
}

function fieldHtml(field: ContactField, problem: FormProblem): string {
  const meta = contactFieldMeta[field];
  const error = problem.fields[field];
  const value = problem.values[field] ?? '';
  const attrs = [
    `id="${fieldId(field)}"`,
    `name="${field}"`,
    'required',
    `maxlength="${contactLimits[field]}"`,
    `autocomplete="${meta.autoComplete}"`,
    `placeholder="${escapeHtml(meta.placeholder)}"`,
    `class="${cls.control} ${error ? cls.controlInvalid : cls.controlValid}"`,
    error ? `aria-invalid="true" aria-describedby="${fieldErrorId(field)}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const control =
    meta.type === 'textarea'
      ? `<textarea ${attrs} rows="7">${escapeHtml(value)}</textarea>`
      : `<input type="${meta.type}" ${attrs} value="${escapeHtml(value)}">`;
  return `<div class="${field === 'name' || field === 'email' ? cls.fieldHalf : cls.fieldFull}">
  <label for="${fieldId(field)}" class="${cls.label}">${contactLabels[field]}<span class="${cls.required}" aria-hidden="true">*</span></label>
  ${control}
  ${error ? `<p id="${fieldErrorId(field)}" class="${cls.error}">${escapeHtml(error)}</p>` : ''}
</div>`;
}

/** The page's main content: what went wrong, and the form again with the visitor's text. */
export function formProblemHtml(problem: FormProblem, heading: string): string {
  const fieldList = contactFields
    .filter((f) => problem.fields[f])
    .map((f) => `<li><a class="underline underline-offset-2 hover:text-white" href="#${fieldId(f)}">${contactLabels[f]}: ${escapeHtml(problem.fields[f]!)}</a></li>`)
    .join('');
  return `<section class="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8" aria-labelledby="contact-heading">
  <h1 id="contact-heading" class="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">${escapeHtml(heading)}</h1>
  <div class="mt-8 ${cls.card}">
    <div id="contact-form-problem" role="alert" class="${cls.summary}">
      <h2 class="text-base font-semibold text-white">${escapeHtml(problem.title)}</h2>
      <p class="mt-1">${escapeHtml(problem.detail)}</p>
      ${fieldList ? `<ul class="mt-2 list-disc space-y-1 pl-5">${fieldList}</ul>` : ''}
    </div>
    <form method="post" action="/api/contact" class="${cls.form}" aria-labelledby="contact-heading">
      ${contactFields.map((f) => fieldHtml(f, problem)).join('\n')}
      <div class="${cls.honeypot}" aria-hidden="true">
        <label for="contact-${honeypotField}">Leave this field empty</label>
        <input type="text" id="contact-${honeypotField}" name="${honeypotField}" tabindex="-1" autocomplete="off">
      </div>
      <div class="${cls.actions}">
        <a href="/contact" class="text-sm text-slate-300 underline underline-offset-2 hover:text-white">Back to the contact page</a>
        <button type="submit" class="${buttonClasses('primary', 'lg')}">Send Message</button>
      </div>
    </form>
  </div>
</section>`;
}

/**
 * The whole page for a form post that did not go through (JavaScript off or not loaded yet):
 * the built /contact page, with its main content replaced by the problem and the form, so the
 * header, footer and styles are the site's own. Without a built site, a plain page.
 */
export function renderFormProblemPage(siteDir: string, problem: FormProblem): string {
  const heading = 'Contact Us';
  const main = formProblemHtml(problem, heading);
  let shell: string | undefined;
  try {
    shell = fs.readFileSync(path.join(siteDir, 'contact', 'index.html'), 'utf8');
  } catch {
    shell = undefined;
  }
  const open = shell?.search(/<main\b[^>]*>/) ?? -1;
  const close = shell?.lastIndexOf('</main>') ?? -1;
  if (shell && open >= 0 && close > open) {
    const openTag = shell.slice(open).match(/^<main\b[^>]*>/)![0];
    return (shell.slice(0, open) + openTag + main + shell.slice(close))
      .replace(/<title>/, '<title>Error: ')
      .replace(/<link rel="canonical"[^>]*>/, '<meta name="robots" content="noindex">');
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error: ${heading}</title><meta name="robots" content="noindex"></head><body><main id="main">${main}</main></body></html>`;
}
