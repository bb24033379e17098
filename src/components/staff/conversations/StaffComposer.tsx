import { useEffect, useId, useRef, useState } from 'react';
import type { SavedReply } from '../../../../contracts/support-staff-api.ts';
import { type MessageKind, supportLimits } from '../../../../contracts/support-rules.ts';
import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { Button } from '../../ui/Button.tsx';
import { fieldError, input, label } from '../staff-styles.ts';

/**
 * The box under a conversation: a reply to the visitor or an internal note (chosen above it, the
 * note's box marked as never seen by the visitor), a saved reply to start from, Ctrl+Enter to
 * send. While replying, the visitor sees that someone types.
 */
export function StaffComposer({
  savedReplies,
  onPost,
  onTyping,
}: {
  savedReplies: SavedReply[];
  onPost: (text: string, kind: MessageKind) => Promise<void>;
  onTyping: (typing: boolean) => void;
}) {
  const [kind, setKind] = useState<MessageKind>('message');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const fieldId = useId();
  const savedId = useId();
  const problemId = useId();
  const signalled = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = () => {
    clearTimeout(idle.current);
    if (signalled.current === 0) return;
    signalled.current = 0;
    onTyping(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies(stopTyping): only on unmount.
  useEffect(() => () => stopTyping(), []);

  const typed = (value: string) => {
    setText(value);
    if (kind !== 'message') return; // a note is nothing the visitor should hear of
    if (Date.now() - signalled.current > 3000) {
      signalled.current = Date.now();
      onTyping(true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, 4000);
  };

  const submit = async () => {
    if (busy || text.trim() === '') return;
    setBusy(true);
    setProblem(undefined);
    try {
      await onPost(text, kind);
      setText('');
      stopTyping();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const note = kind === 'note';
  return (
    <form
      className={`mt-4 rounded-xl border p-3 ${note ? 'border-dashed border-amber-400/60 bg-amber-500/5' : 'border-white/10'}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t.modeLegend}</legend>
        {(['message', 'note'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm text-slate-200">
            <input type="radio" name={`${fieldId}-kind`} checked={kind === k} onChange={() => setKind(k)} />
            {k === 'message' ? t.modeReply : t.modeNote}
          </label>
        ))}
      </fieldset>
      <label htmlFor={fieldId} className={`${label} mt-3 ${note ? 'text-amber-200' : ''}`}>
        {note ? t.noteLabel : t.replyLabel}
      </label>
      <textarea
        id={fieldId}
        rows={4}
        maxLength={supportLimits.message}
        value={text}
        onChange={(e) => typed(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className={input}
      />
      {problem && (
        <p id={problemId} role="alert" className={fieldError}>
          {problem}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        {savedReplies.length > 0 ? (
          <div>
            <label htmlFor={savedId} className={label}>
              {t.insertSaved}
            </label>
            <select
              id={savedId}
              value=""
              onChange={(e) => {
                const reply = savedReplies.find((r) => r.id === e.target.value);
                if (reply) typed(text ? `${text}\n${reply.text}` : reply.text);
              }}
              className={`${input} w-auto`}
            >
              <option value="">{t.savedReplies}…</option>
              {savedReplies.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span />
        )}
        <Button type="submit" variant={note ? 'secondary' : 'primary'} disabled={busy}>
          {busy ? t.sending : note ? t.addNote : t.send}
        </Button>
      </div>
    </form>
  );
}
