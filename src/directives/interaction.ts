// client:interaction (docs/decisions.md 88): an island that matters only once the visitor
// touches it loads then, not at page load. Its server-rendered HTML is on screen and works by
// itself until then (a command button opens a native <dialog>, a text field takes focus and
// text), so nothing waits or shifts: the first pointer over it, press, focus, key or the
// opening of a dialog inside it starts the load, and the island takes over what happened: a
// press on one of its buttons before its code ran (a quick tap on a slow phone) is pressed again
// once it has. A form of it sent meanwhile (Enter in a field, a submit button) is held, not sent
// by the browser to the page's own address with its fields in the query; its button is pressed
// again once the code ran (a form without one, the help search box, is not: its island takes over
// the text typed).
// The value, when given, is a CSS selector of more elements outside the island that start it
// (`client:interaction='[commandfor="help-assistant"]'`).
import type { ClientDirective } from 'astro';

const starts = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'toggle', 'command'] as const;

const interactionDirective: ClientDirective = (load, options, el) => {
  const outside = typeof options.value === 'string' && options.value !== '' ? options.value : undefined;
  const touches = (target: EventTarget | null) =>
    target instanceof Element && (el.contains(target) || (outside !== undefined && target.closest(outside) !== null));
  let started = false;

  // Browsers without invoker commands: a command button for a dialog of this island opens it
  // here until the island's own code runs (the dialog's content is already in the page).
  const shim = (event: MouseEvent) => {
    if ('command' in HTMLButtonElement.prototype || !(event.target instanceof Element)) return;
    const button = event.target.closest('button[commandfor][command="show-modal"]');
    const dialog = button && document.getElementById(button.getAttribute('commandfor') ?? '');
    if (dialog instanceof HTMLDialogElement && el.contains(dialog) && !dialog.open) dialog.showModal();
  };

  // Presses on the island's own buttons (not command buttons, which work natively) while its code
  // loads; React takes over events itself from the moment it hydrates.
  const early: HTMLElement[] = [];
  const remember = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]:not([commandfor])') : null;
    if (button instanceof HTMLElement && el.contains(button) && !early.includes(button)) early.push(button);
  };

  // A press, not a submit, is what is replayed: React takes over a press on a part it has not yet
  // hydrated (it hydrates it first), not a submit event.
  const hold = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !el.contains(form)) return;
    event.preventDefault();
    // Enter in a field sends the form by its first submit button, which is then the submitter.
    const button = event.submitter;
    if (button && !early.includes(button)) early.push(button);
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of starts) document.removeEventListener(type, onEvent, true);
    try {
      await (await load())();
    } finally {
      // React has the island's events now; or, had its code failed to load, the browser has them
      // again (a form with an action of its own, as the contact form's, is then sent as without
      // JavaScript).
      document.removeEventListener('click', shim, true);
      document.removeEventListener('click', remember, true);
      document.removeEventListener('submit', hold, true);
    }
    for (const button of early.splice(0)) if (button.isConnected) button.click();
  };
  function onEvent(event: Event) {
    if (touches(event.target)) void start();
  }

  for (const type of starts) document.addEventListener(type, onEvent, { capture: true, passive: true });
  document.addEventListener('click', shim, true);
  document.addEventListener('click', remember, true);
  document.addEventListener('submit', hold, true);
  // Focus already inside (autofocus, or a focus that came before this script ran).
  if (touches(document.activeElement) || el.querySelector('dialog[open]')) void start();
};

export default interactionDirective;
