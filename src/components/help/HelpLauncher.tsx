import { MessageCircle } from 'lucide-react';
import { helpDialogId } from '../../lib/help-assistant-store.ts';

/**
 * The floating button that opens the help assistant (declaratively, command="show-modal", so it
 * works before any script ran, and the assistant's island loads on the first touch of it:
 * docs/decisions.md 88). On phones it floats above the cookie banner (the banner's script sets
 * --cookie-banner-offset, src/components/consent/banner-offset.ts), and steps aside while the
 * visitor types in a field of the page, where the keyboard pushes that field (data-typing, set
 * by help-launcher.ts). Neither needs React, so neither waits for the island.
 */
export function HelpLauncher() {
  return (
    <button
      type="button"
      command="show-modal"
      commandfor={helpDialogId}
      aria-haspopup="dialog"
      aria-label="Open help assistant"
      data-help-launcher=""
      className="fixed right-4 bottom-4 z-40 translate-y-[calc(-1*var(--cookie-banner-offset,0px))] inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl shadow-brand-900/40 ring-1 ring-white/20 transition-transform hover:scale-105 hover:bg-brand-500 max-sm:data-typing:invisible sm:right-6 sm:bottom-6 sm:translate-y-0"
    >
      <MessageCircle aria-hidden="true" className="size-6" />
    </button>
  );
}
