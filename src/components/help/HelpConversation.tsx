import type { ReactNode, Ref } from 'react';
import type { HelpLink } from '../../data/help.ts';
import { LinkList } from './HelpLinks.tsx';

/** A chat message: id, text, isBot, timestamp, optional category and links. */
export interface ChatMessage {
  id: number;
  text: string;
  isBot: boolean;
  timestamp: number;
  category?: string;
  /** A bold first line (the question an answer belongs to). */
  title?: string;
  links?: HelpLink[];
  /** The no-match answer offers the categories too. */
  offerCategories?: boolean;
}

/**
 * The assistant's answers as a conversation: the visitor's question and the answers found, then
 * (`showActions`) the way back to the categories after no match, and `notWhatYouNeeded` with
 * the button to a person (`personButton`).
 */
export function HelpConversation({
  messages,
  listRef,
  showActions,
  notWhatYouNeeded,
  personButton,
  onCategories,
}: {
  messages: ChatMessage[];
  listRef: Ref<HTMLOListElement>;
  showActions: boolean;
  /** Said before the person button after an answer; undefined while the texts load. */
  notWhatYouNeeded: string | undefined;
  personButton: ReactNode;
  onCategories: () => void;
}) {
  const noMatch = messages.some((m) => m.offerCategories);
  return (
    <ol ref={listRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none" aria-label="Conversation">
      {messages.map((m) => (
        <li key={m.id} className={m.isBot ? 'mr-6' : 'ml-10 self-end'}>
          <div
            className={`rounded-2xl px-3.5 py-2.5 text-sm ${m.isBot ? 'rounded-tl-sm bg-surface-800 text-slate-200' : 'rounded-tr-sm bg-brand-600 text-white'}`}
          >
            <span className="sr-only">{m.isBot ? 'Assistant: ' : 'You: '}</span>
            {m.title && <strong className="mb-1 block text-white">{m.title}</strong>}
            <p>{m.text}</p>
            {m.links && m.links.length > 0 && <LinkList links={m.links} />}
          </div>
        </li>
      ))}
      {showActions && noMatch && (
        <li className="mr-6">
          <button type="button" onClick={onCategories} className="text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
            Browse help categories
          </button>
        </li>
      )}
      {showActions && (
        <li className="mr-6 flex flex-wrap items-center gap-2 text-sm text-slate-300">
          {noMatch || notWhatYouNeeded === undefined ? null : <span>{notWhatYouNeeded}</span>}
          {personButton}
        </li>
      )}
    </ol>
  );
}
