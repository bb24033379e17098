import { useId, useState } from 'react';
import type { SavedReply } from '../../../../contracts/support-staff-api.ts';
import { supportLimits } from '../../../../contracts/support-rules.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { Button } from '../../ui/Button.tsx';
import { input, label, subTitle } from '../staff-styles.ts';
import { VisibleText } from '../VisibleText.tsx';

/** The team's saved replies: the list, a form to add one, and delete. */
export function SavedRepliesPanel({
  replies,
  onAdd,
  onDelete,
}: {
  replies: SavedReply[];
  onAdd: (title: string, text: string) => Promise<boolean>;
  onDelete: (reply: SavedReply) => void;
}) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const id = useId();
  return (
    <details className="mt-8 rounded-xl border border-white/10 bg-surface-900 p-4">
      <summary className={`${subTitle} cursor-pointer`}>
        {t.savedReplies} ({replies.length})
      </summary>
      <ul className="mt-3 flex flex-col gap-2">
        {replies.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-3 rounded-lg bg-white/5 p-3 text-sm">
            <span className="min-w-0">
              <span className="block font-semibold text-white">{r.title}</span>
              <span className="block break-words whitespace-pre-wrap text-slate-300">
                <VisibleText text={r.text} multiline />
              </span>
            </span>
            <Button variant="ghost" size="sm" onClick={() => onDelete(r)} aria-label={`${t.deleteReply} ${r.title}`}>
              {t.deleteReply}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="mt-4 grid gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await onAdd(title, text)) {
            setTitle('');
            setText('');
          }
        }}
      >
        <div>
          <label htmlFor={`${id}-title`} className={label}>
            {t.savedTitle}
          </label>
          <input id={`${id}-title`} value={title} maxLength={supportLimits.savedReplyTitle} onChange={(e) => setTitle(e.target.value)} className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-text`} className={label}>
            {t.savedText}
          </label>
          <textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            maxLength={supportLimits.savedReplyBody}
            onChange={(e) => setText(e.target.value)}
            className={input}
          />
        </div>
        <Button type="submit" variant="secondary" className="justify-self-start">
          {t.saveReply}
        </Button>
      </form>
    </details>
  );
}
