import { Search } from 'lucide-react';
import { type Ref, useId } from 'react';

/** The assistant's search box: each change searches as the visitor types, Enter searches again. */
export function HelpSearchForm({
  inputRef,
  query,
  onType,
  onSubmit,
}: {
  inputRef: Ref<HTMLInputElement>;
  query: string;
  onType: (text: string) => void;
  onSubmit: () => void;
}) {
  const searchId = useId();
  return (
    <search>
      <form
        className="border-b border-white/10 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          Search help articles
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          {/* biome-ignore lint/a11y/useSemanticElements: type="text" with the searchbox role, because in a type="search" field Escape only clears the text; here it closes the dialog. */}
          <input
            ref={inputRef}
            id={searchId}
            // biome-ignore lint/a11y/noAutofocus: the box stands in the assistant's modal <dialog> (HelpAssistant.tsx), where it is the first focus when the dialog opens.
            autoFocus
            type="text"
            role="searchbox"
            inputMode="search"
            enterKeyHint="search"
            value={query}
            autoComplete="off"
            placeholder="Search for help…"
            onChange={(e) => onType(e.target.value)}
            className="w-full rounded-lg border border-white/10 bg-surface-950 py-2 pr-3 pl-9 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-none"
          />
        </div>
      </form>
    </search>
  );
}
