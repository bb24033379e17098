import { useId, useState } from 'react';
import { ratingMax, ratingMin, supportLimits } from '../../../contracts/support-rules.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { fieldClass, problemClass } from './chat-styles.ts';

const scores = Array.from({ length: ratingMax - ratingMin + 1 }, (_, i) => ratingMin + i);

/** After a conversation is resolved: was this solved? 1 to 5, and an optional word. */
export function RatingForm({ copy, onRate }: { copy: SupportChatCopy; onRate: (rating: number, comment: string) => Promise<void> }) {
  const [rating, setRating] = useState<number>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const commentId = useId();
  const name = useId();
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-surface-800/70 p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (rating === undefined) return setProblem(`Please choose ${ratingMin} to ${ratingMax}.`);
        setBusy(true);
        setProblem(undefined);
        try {
          await onRate(rating, comment);
        } catch (error) {
          setProblem(messageOf(error));
          setBusy(false);
        }
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-white">{copy.ratingLegend}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {scores.map((score, i) => (
            <label key={score} className="cursor-pointer">
              <input type="radio" name={name} value={score} checked={rating === score} onChange={() => setRating(score)} className="peer sr-only" />
              <span
                title={copy.ratingLabels[i]}
                className="inline-flex size-10 items-center justify-center rounded-lg border border-white/15 text-sm font-semibold text-white peer-checked:border-brand-300 peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-400"
              >
                {score}
                <span className="sr-only">{copy.ratingLabels[i]?.replace(/^\d+/, '')}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="text-sm text-slate-200">
        {copy.ratingComment}
      </label>
      <textarea
        id={commentId}
        rows={2}
        maxLength={supportLimits.ratingComment}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className={`${fieldClass} resize-none`}
      />
      {problem && (
        <p role="alert" className={problemClass}>
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy} className={buttonVariants({ size: 'sm', className: 'self-end' })}>
        {copy.ratingSubmit}
      </button>
    </form>
  );
}
