import SupportHoursLine from './SupportHoursLine.tsx';
import { useId, useState } from 'react';
import { supportLimits } from '../../../contracts/support-rules.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { fieldClass, problemClass } from './chat-styles.ts';

/**
 * The first message of a conversation. When nobody of the team is available the visitor is told
 * so plainly and leaves an e-mail address (required then), so the answer reaches them.
 */
export function StartForm({
  copy,
  staffed,
  onStart,
}: {
  copy: SupportChatCopy;
  staffed: boolean;
  onStart: (text: string, email: string | undefined) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field?: 'text' | 'email'; message: string }>();
  const textId = useId();
  const emailId = useId();
  const hintId = useId();
  const problemId = useId();

  const submit = async () => {
    if (text.trim() === '') return setProblem({ field: 'text', message: 'Please write a message.' });
    if (!staffed && email.trim() === '') return setProblem({ field: 'email', message: copy.emailRequired });
    setBusy(true);
    setProblem(undefined);
    try {
      await onStart(text, email.trim() || undefined);
    } catch (error) {
      const field = error instanceof ApiError ? (error.fields.email ? 'email' : error.fields.text ? 'text' : undefined) : undefined;
      setProblem({ field, message: error instanceof ApiError && field ? (error.fields[field] ?? error.message) : messageOf(error) });
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-slate-300" data-staffed={staffed}>
        {staffed ? copy.staffedIntro : copy.unstaffedIntro}
      </p>
      {/* Outside the hours, when someone will answer (docs/decisions.md 92). */}
      {!staffed && <SupportHoursLine className="text-xs" unstaffed />}
      <label htmlFor={textId} className="text-sm font-medium text-white">
        {copy.messageLabel}
      </label>
      <textarea
        id={textId}
        rows={3}
        maxLength={supportLimits.message}
        value={text}
        placeholder={copy.messagePlaceholder}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem?.field === 'text' ? true : undefined}
        aria-describedby={problem?.field === 'text' ? problemId : undefined}
        className={`${fieldClass} resize-none`}
      />
      <label htmlFor={emailId} className="text-sm font-medium text-white">
        {copy.emailLabel}
        {staffed ? ' (optional)' : ''}
      </label>
      <input
        id={emailId}
        type="email"
        autoComplete="email"
        maxLength={supportLimits.email}
        value={email}
        required={!staffed}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={problem?.field === 'email' ? true : undefined}
        aria-describedby={problem?.field === 'email' ? `${problemId} ${hintId}` : hintId}
        className={fieldClass}
      />
      <p id={hintId} className="text-xs text-slate-400">
        {copy.emailHint}
      </p>
      {problem && (
        <p id={problemId} role="alert" className={problemClass}>
          {problem.message}
        </p>
      )}
      <button type="submit" disabled={busy} className={buttonVariants({ size: 'sm', className: 'self-end' })}>
        {busy ? copy.sending : copy.start}
      </button>
    </form>
  );
}
