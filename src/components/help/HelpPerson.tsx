import { lazy, type ReactNode, type Ref, Suspense } from 'react';
import type { HelpContent } from './help-content.ts';

/** The conversation with a person: its code loads only when a visitor opens it (docs/decisions.md 45). */
const VisitorChat = lazy(() => import('../support/VisitorChat.tsx'));

/** The assistant's "a person" view: its heading, then the visitor's chat once the texts are in. */
export function HelpPerson({
  headingRef,
  content,
  label,
  waiting,
  assistantQuestion,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  content: HelpContent | undefined;
  /** The heading until the chat's texts are in: the label of the button that opened it. */
  label: string;
  waiting: ReactNode;
  assistantQuestion: string | undefined;
}) {
  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} className="px-1 pb-3 text-sm font-semibold text-white focus:outline-none">
        {content?.chat.heading ?? label}
      </h3>
      {content ? (
        <Suspense fallback={waiting}>
          <VisitorChat copy={content.chat} page={window.location.pathname} assistantQuestion={assistantQuestion} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
