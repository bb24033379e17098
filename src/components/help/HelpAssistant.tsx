import { Headset, Loader2 } from 'lucide-react';
import { useId, useRef } from 'react';
import type { HelpCategory, HelpLink } from '../../data/help.ts';
import { helpDialogId } from '../../lib/help-assistant-store.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { HelpCategories } from './HelpCategories.tsx';
import { HelpConversation } from './HelpConversation.tsx';
import { HelpFaqList } from './HelpFaqList.tsx';
import { HelpHeader } from './HelpHeader.tsx';
import { HelpLauncher } from './HelpLauncher.tsx';
import { HelpPerson } from './HelpPerson.tsx';
import { HelpSearchForm } from './HelpSearchForm.tsx';
import { useHelpContent } from './use-help-content.ts';
import { useHelpDialog } from './use-help-dialog.ts';
import { useHelpViews } from './use-help-views.ts';

export interface HelpAssistantProps {
  categories: HelpCategory[];
  fallbackLinks: HelpLink[];
  /** The label of the button that starts a conversation with a person. */
  talkToPerson: string;
}

/**
 * The help assistant on every page: a floating button opening a modal dialog with a search
 * box and three views (categories → faqs → chat). The dialog is a native <dialog> shown modal:
 * the browser keeps focus inside, makes the page behind inert, closes it on Escape and returns
 * focus to where it was. Buttons open it declaratively (command="show-modal", see
 * helpDialogId), so they work in the page's HTML before any script has run; islands can also
 * call src/lib/help-assistant-store.ts. The views and the search are use-help-views.ts.
 */
export function HelpAssistant({ categories, fallbackLinks, talkToPerson: talkToPersonLabel }: HelpAssistantProps) {
  const titleId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const { open, setOpen, close, dialog, onDialogClick } = useHelpDialog(searchInput);
  const views = useHelpViews(fallbackLinks, open, searchInput);
  const { view, category, refs } = views;
  /** The FAQs, the searchable entries and the chat's texts, fetched when the assistant first opens. */
  const { content, contentProblem } = useHelpContent(open);

  const personButton = (
    <button type="button" onClick={views.talkToPerson} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Headset aria-hidden="true" className="size-4" />
      {talkToPersonLabel}
    </button>
  );

  const waitingLine = (
    <p role="status" className="py-10 text-center text-sm text-slate-300">
      {contentProblem ?? 'Loading…'}
    </p>
  );

  return (
    <>
      <HelpLauncher />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only a click on the backdrop closes here; the keyboard's way is Escape, which the native dialog handles. */}
      <dialog
        ref={dialog}
        id={helpDialogId}
        aria-labelledby={titleId}
        onClose={() => {
          views.cancelSearch();
          setOpen(false);
        }}
        onClick={onDialogClick}
        className="fixed inset-x-0 top-auto bottom-0 m-0 h-[min(85dvh,40rem)] max-h-none w-full max-w-none flex-col overflow-hidden rounded-t-2xl border border-white/10 bg-surface-900 p-0 text-slate-200 shadow-2xl backdrop:bg-black/50 open:flex sm:right-6 sm:bottom-6 sm:left-auto sm:w-[24rem] sm:rounded-2xl sm:backdrop:bg-black/30"
      >
        {/* Rendered while closed too, so a dialog opened before hydration has its content. */}
        <HelpHeader titleId={titleId} showBack={view !== 'categories'} onBack={views.toCategories} onClose={close} />
        <HelpSearchForm inputRef={searchInput} query={views.query} onType={views.typed} onSubmit={views.submit} />

        <div className="flex-1 overflow-y-auto overscroll-contain p-3" aria-live="polite" aria-busy={views.loading}>
          {views.loading ? (
            <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-300">
              <Loader2 aria-hidden="true" className="size-5 animate-spin text-brand-400 motion-reduce:animate-none" />
              Searching…
            </p>
          ) : view === 'categories' ? (
            <HelpCategories categories={categories} onChoose={views.chooseCategory} footer={personButton} />
          ) : view === 'person' ? (
            <HelpPerson
              headingRef={refs.personHeading}
              content={content}
              label={talkToPersonLabel}
              waiting={waitingLine}
              assistantQuestion={views.lastQuestion}
            />
          ) : view === 'faqs' && category ? (
            <HelpFaqList
              category={category}
              faqs={content?.faqs.filter((f) => f.category === category.id)}
              fallbackLinks={fallbackLinks}
              headingRef={refs.faqsHeading}
              waiting={waitingLine}
              onChoose={views.chooseFaq}
            />
          ) : (
            <HelpConversation
              messages={views.messages}
              listRef={refs.conversation}
              showActions={view === 'chat'}
              notWhatYouNeeded={content?.chat.notWhatYouNeeded}
              personButton={personButton}
              onCategories={views.toCategories}
            />
          )}
          <div ref={refs.messageEnd} />
        </div>
      </dialog>
    </>
  );
}
