// client:interaction (docs/decisions.md 88): an island that matters only once the visitor
// touches it loads then, not at page load. Its server-rendered HTML is on screen and works by
// itself until then (a command button opens a native <dialog>, a text field takes focus and
// text), so nothing waits or shifts: the first pointer over it, press, focus, key or the
// opening of a dialog inside it starts the load, and the island takes over what happened.
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

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of starts) document.removeEventListener(type, onEvent, true);
    const hydrate = await load();
    await hydrate();
    document.removeEventListener('click', shim, true);
  };
  function onEvent(event: Event) {
    if (touches(event.target)) void start();
  }

  for (const type of starts) document.addEventListener(type, onEvent, { capture: true, passive: true });
  document.addEventListener('click', shim, true);
  // Focus already inside (autofocus, or a focus that came before this script ran).
  if (touches(document.activeElement) || el.querySelector('dialog[open]')) void start();
};

export default interactionDirective;
