// The help assistant's native <dialog> and its open state: opened by the store
// (src/lib/help-assistant-store.ts), by command buttons even before the island hydrated, shown
// modal (focus kept inside, the page behind inert, Escape closes) and closed by a click on the
// backdrop. The page behind is kept from scrolling by CSS (src/styles/global.css).
import { type MouseEvent as ReactMouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { helpDialogId, onHelpAssistantToggle } from '../../lib/help-assistant-store.ts';

export function useHelpDialog(focusOnOpen: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => onHelpAssistantToggle(setOpen), []);

  // The dialog may open without React: a command button, even before this island hydrated.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (element.open) setOpen(true);
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    element.addEventListener('toggle', onToggle);
    // Browsers without invoker commands: the same buttons open it once this island runs.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(`button[commandfor="${helpDialogId}"]`)) setOpen(true);
    };
    const commands = 'command' in HTMLButtonElement.prototype;
    if (!commands) document.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('toggle', onToggle);
      if (!commands) document.removeEventListener('click', onClick);
    };
  }, []);

  // The state drives the native dialog; Escape closes it natively and `onClose` follows. Only a
  // change of the state closes it: at hydration the state is still closed while a dialog a
  // command button opened natively (before the island loaded, docs/decisions.md 88) stays open.
  const wasOpen = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      focusOnOpen.current?.focus();
    } else if (!open && wasOpen.current && element.open) {
      element.close();
    }
    wasOpen.current = open;
  }, [open, focusOnOpen]);

  // Closes the state and the native dialog itself. A press on Close made while the island's code
  // loaded is pressed again as it hydrates (src/directives/interaction.ts), before the effect above
  // has read that a command button opened the dialog: the state is still closed then, and setting
  // it alone would leave the dialog open.
  const close = () => {
    setOpen(false);
    dialog.current?.close();
  };

  // A click on the backdrop (outside the dialog's box) closes it, as the dimmed page invites.
  const onDialogClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) close();
  };

  return { open, setOpen, close, dialog, onDialogClick };
}
