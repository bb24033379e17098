/**
 * Brings KnowledgeAccordion's HTML to life (docs/decisions.md 143): a header's press opens its
 * answer and closes the one open before; Up/Down (round) and Home/End move between the headers;
 * a #id in the address (the help assistant links there) opens that item and brings it to the
 * middle of the screen, at load and when the address changes.
 */
export function startAccordion(root: HTMLElement): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
  const panelOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute('aria-controls') ?? '');

  const open = (target: HTMLButtonElement | null) => {
    for (const button of buttons) {
      const expanded = button === target;
      button.setAttribute('aria-expanded', String(expanded));
      const panel = panelOf(button);
      if (panel) panel.hidden = !expanded;
    }
  };

  buttons.forEach((button, index) => {
    button.addEventListener('click', () => open(button.getAttribute('aria-expanded') === 'true' ? null : button));
    button.addEventListener('keydown', (event) => {
      const last = buttons.length - 1;
      const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      buttons[target]?.focus();
    });
  });

  const fromHash = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const item = id === '' ? null : document.getElementById(id);
    const button = item && root.contains(item) ? item.querySelector<HTMLButtonElement>('button[aria-controls]') : null;
    if (!button) return;
    open(button);
    button.scrollIntoView({ block: 'center' });
  };
  fromHash();
  window.addEventListener('hashchange', fromHash);
}
