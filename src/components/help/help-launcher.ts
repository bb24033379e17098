// The help button steps aside on phones while a text field of the page has focus (the keyboard
// pushes that field to where the button floats). Plain DOM, so it works before the help
// assistant's island loads (docs/decisions.md 88); the button's class hides it on data-typing.
import { helpDialogId } from '../../lib/help-assistant-store.ts';

const textField = 'input:not([type=checkbox],[type=radio],[type=button],[type=submit]), textarea, select, [contenteditable=""], [contenteditable="true"]';

function isTextField(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && !el.closest(`#${helpDialogId}`) && el.matches(textField);
}

export function startHelpLauncher(): void {
  const typing = (on: boolean) => document.querySelector('[data-help-launcher]')?.toggleAttribute('data-typing', on);
  document.addEventListener('focusin', (event) => typing(isTextField(event.target)));
  document.addEventListener('focusout', (event) => {
    if (!isTextField(event.relatedTarget)) typing(false);
  });
}
