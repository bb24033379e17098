import { FormField } from '../FormField.tsx';
import { input } from '../staff-styles.ts';
import type { EditedArticle } from './catalog-help.ts';
import { ItemControls } from './ItemControls.tsx';

interface KnowledgeArticleEditorProps {
  article: EditedArticle;
  idBase: string;
  canUp: boolean;
  canDown: boolean;
  errorOf: (field: string) => string | undefined;
  onChange: (article: EditedArticle) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: (() => void) | undefined;
}

/** One article of the knowledge base (/knowledge): its anchor, question and answer. */
export function KnowledgeArticleEditor({ article, idBase, canUp, canDown, errorOf, onChange, onMove, onRemove }: KnowledgeArticleEditorProps) {
  const headingId = `${idBase}-heading`;
  return (
    <fieldset aria-labelledby={headingId} className="rounded-lg border border-white/10 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="min-w-0 flex-1 font-semibold break-words text-white">
          {article.question || 'New article'}
        </h4>
        <ItemControls
          name={article.question ? `"${article.question}"` : 'the new article'}
          canUp={canUp}
          canDown={canDown}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr]">
        <FormField id={`${idBase}-id`} label="Anchor" hint={`The link to it: /knowledge#${article.id}`} error={errorOf('id')}>
          <input className={input} value={article.id} onChange={(e) => onChange({ ...article, id: e.target.value })} />
        </FormField>
        <FormField id={`${idBase}-question`} label="Question" error={errorOf('question')}>
          <input className={input} value={article.question} onChange={(e) => onChange({ ...article, question: e.target.value })} />
        </FormField>
      </div>
      <div className="mt-3">
        <FormField id={`${idBase}-answer`} label="Answer" hint="Plain text; a blank line starts a new paragraph." error={errorOf('answer')}>
          <textarea className={input} rows={5} value={article.answer} onChange={(e) => onChange({ ...article, answer: e.target.value })} />
        </FormField>
      </div>
    </fieldset>
  );
}
