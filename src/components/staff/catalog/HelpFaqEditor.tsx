import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { FormField } from '../FormField.tsx';
import { input } from '../staff-styles.ts';
import { listOf, replaced, without } from './catalog-fields.ts';
import type { EditedFaq, EditedLink } from './catalog-help.ts';
import { ItemControls } from './ItemControls.tsx';

interface HelpFaqEditorProps {
  faq: EditedFaq;
  /** The help categories, for moving the question to another. */
  categories: readonly { id: string; name: string }[];
  /** Unique in the page, for the fields' ids. */
  idBase: string;
  canUp: boolean;
  canDown: boolean;
  /** The server's message for a field of this question (`answer`, `links.0.url`), if any. */
  errorOf: (field: string) => string | undefined;
  onChange: (faq: EditedFaq) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One question of the help assistant: its category, question, answer, other words for it and its links. */
export function HelpFaqEditor({ faq, categories, idBase, canUp, canDown, errorOf, onChange, onMove, onRemove }: HelpFaqEditorProps) {
  // The keywords as typed ("lag, " on the way to "lag, ping"); the document holds the list.
  const [keywords, setKeywords] = useState((faq.keywords ?? []).join(', '));
  const headingId = `${idBase}-heading`;
  const name = faq.question ? `"${faq.question}"` : 'the new question';
  const setLink = (i: number, link: EditedLink) => onChange({ ...faq, links: replaced(faq.links, i, link) });
  return (
    <fieldset aria-labelledby={headingId} className="rounded-lg border border-white/10 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="min-w-0 flex-1 font-semibold break-words text-white">
          {faq.question || 'New question'}
        </h4>
        <ItemControls name={name} canUp={canUp} canDown={canDown} onMove={onMove} onRemove={onRemove} />
      </div>
      <div className="mt-3 space-y-3">
        <FormField id={`${idBase}-category`} label="Category" error={errorOf('category')}>
          <select className={`${input} sm:max-w-xs`} value={faq.category} onChange={(e) => onChange({ ...faq, category: e.target.value })}>
            {categories.some((c) => c.id === faq.category) ? null : <option value={faq.category}>{faq.category} (removed)</option>}
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name || c.id}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${idBase}-question`} label="Question" error={errorOf('question')}>
          <input className={input} value={faq.question} onChange={(e) => onChange({ ...faq, question: e.target.value })} />
        </FormField>
        <FormField id={`${idBase}-answer`} label="Answer" error={errorOf('answer')}>
          <textarea className={input} rows={4} value={faq.answer} onChange={(e) => onChange({ ...faq, answer: e.target.value })} />
        </FormField>
        <FormField
          id={`${idBase}-keywords`}
          label="Other words for it"
          hint="Comma-separated; the assistant's search weighs them like the question."
          error={errorOf('keywords')}
        >
          <input
            className={input}
            value={keywords}
            onChange={(e) => {
              setKeywords(e.target.value);
              onChange({ ...faq, keywords: listOf(e.target.value) });
            }}
          />
        </FormField>
        <div>
          <p className="text-sm font-medium text-slate-200">Links under the answer</p>
          {errorOf('links') && !faq.links.length ? <p className="mt-1 text-sm text-rose-300">Links: {errorOf('links')}</p> : null}
          <ul className="mt-2 space-y-2">
            {faq.links.map((link, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: links have no id and are never reordered here; the place is the link.
              <li key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
                <FormField id={`${idBase}-link-${i}-text`} label={`Link ${i + 1} text`} error={errorOf(`links.${i}.text`)}>
                  <input className={input} value={link.text} onChange={(e) => setLink(i, { ...link, text: e.target.value })} />
                </FormField>
                <FormField id={`${idBase}-link-${i}-url`} label={`Link ${i + 1} address`} error={errorOf(`links.${i}.url`)}>
                  <input className={input} value={link.url} onChange={(e) => setLink(i, { ...link, url: e.target.value })} />
                </FormField>
                <Button
                  variant="ghost"
                  size="sm"
                  className="justify-self-end"
                  onClick={() => onChange({ ...faq, links: without(faq.links, i) })}
                  aria-label={`Remove link ${i + 1} of ${name}`}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => onChange({ ...faq, links: [...faq.links, { text: '', url: '/' }] })}>
            <Plus aria-hidden="true" className="size-4" /> Add a link
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
