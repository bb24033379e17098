import { MessageCircle } from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { helpDialogId } from '../../lib/help-assistant-store.ts';
import { onCookieBannerOffset } from '../consent/banner-offset.ts';

/**
 * The floating button that opens the help assistant (declaratively, command="show-modal", so it
 * works before any script ran). On phones it floats above the cookie banner, and steps aside
 * while the visitor types in a field of the page, where the keyboard pushes that field.
 */
export function HelpLauncher() {
  /** The cookie banner's height on phones: the button floats above it. */
  const [bannerOffset, setBannerOffset] = useState(0);
  /** A text field of the page has focus. */
  const [typing, setTyping] = useState(false);

  useEffect(() => onCookieBannerOffset(setBannerOffset), []);

  useEffect(() => {
    const isTextField = (el: EventTarget | null) =>
      el instanceof HTMLElement &&
      !el.closest(`#${helpDialogId}`) &&
      el.matches('input:not([type=checkbox],[type=radio],[type=button],[type=submit]), textarea, select, [contenteditable=""], [contenteditable="true"]');
    const onFocusIn = (event: FocusEvent) => setTyping(isTextField(event.target));
    const onFocusOut = (event: FocusEvent) => {
      if (!isTextField(event.relatedTarget)) setTyping(false);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  return (
    <button
      type="button"
      command="show-modal"
      commandfor={helpDialogId}
      aria-haspopup="dialog"
      aria-label="Open help assistant"
      style={{ '--cookie-banner-offset': `${bannerOffset}px` } as CSSProperties}
      className={`${typing ? 'max-sm:invisible ' : ''}fixed right-4 bottom-4 z-40 translate-y-[calc(-1*var(--cookie-banner-offset,0px))] inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl shadow-brand-900/40 ring-1 ring-white/20 transition-transform hover:scale-105 hover:bg-brand-500 sm:right-6 sm:bottom-6 sm:translate-y-0`}
    >
      <MessageCircle aria-hidden="true" className="size-6" />
    </button>
  );
}
