import { useEffect, useId, useRef, useState } from 'react';
import { supportLimits } from '../../../contracts/support-rules.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { fieldClass, problemClass } from './chat-styles.ts';

/** How often a "typing" signal is renewed while the person types, and when it is called off. */
const typingEveryMs = 3000;
const typingIdleMs = 4000;

/**
 * The message box under a conversation: Enter sends (Shift+Enter a new line), and while the
 * person types the other side sees it (a signal renewed every 3 s, called off after 4 s idle or
 * on send).
 */
export function ChatComposer({
  copy,
  onSend,
  onTyping,
  label,
}: {
  copy: Pick<SupportChatCopy, 'messageLabel' | 'messagePlaceholder' | 'send' | 'sending'>;
  onSend: (text: string) => Promise<void>;
  onTyping: (typing: boolean) => void;
  label?: string;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const fieldId = useId();
  const problemId = useId();
  const lastSignal = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = () => {
    clearTimeout(idle.current);
    if (lastSignal.current === 0) return;
    lastSignal.current = 0;
    onTyping(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies(stopTyping): only on unmount.
  useEffect(() => () => stopTyping(), []);

  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (now - lastSignal.current > typingEveryMs) {
      lastSignal.current = now;
      onTyping(true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, typingIdleMs);
  };

  const submit = async () => {
    if (busy || text.trim() === '') return;
    setBusy(true);
    setProblem(undefined);
    try {
      await onSend(text);
      setText('');
      stopTyping();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {label ?? copy.messageLabel}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          rows={2}
          maxLength={supportLimits.message}
          value={text}
          placeholder={copy.messagePlaceholder}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          className={`${fieldClass} min-h-11 resize-none`}
        />
        <button type="submit" disabled={busy} className={buttonVariants({ size: 'sm' })}>
          {busy ? copy.sending : copy.send}
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
