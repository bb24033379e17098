import { useId, useState } from 'react';
import { supportLimits } from '../../../contracts/support-rules.ts';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { fieldClass, problemClass } from './chat-styles.ts';

/** One e-mail address and a button: where to answer, or where to send the transcript. */
export function EmailForm({ intro, label, submit, onSubmit }: { intro: string; label: string; submit: string; onSubmit: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const fieldId = useId();
  const problemId = useId();
  return (
    <form
      noValidate
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-surface-800/70 p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setProblem(undefined);
        try {
          await onSubmit(email.trim());
        } catch (error) {
          setProblem(error instanceof ApiError ? (error.fields.email ?? error.message) : messageOf(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm text-slate-200">{intro}</p>
      <label htmlFor={fieldId} className="text-sm font-medium text-white">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={fieldId}
          type="email"
          autoComplete="email"
          required
          maxLength={supportLimits.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={`${fieldClass} min-w-0 flex-1`}
        />
        <button type="submit" disabled={busy} className={buttonVariants({ size: 'sm' })}>
          {submit}
        </button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className={problemClass}>
          {problem}
        </p>
      )}
    </form>
  );
}
