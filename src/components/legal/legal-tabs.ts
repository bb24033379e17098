/**
 * Brings LegalTabs' HTML to life (docs/decisions.md 143), as the WAI-ARIA tabs pattern with
 * automatic activation: a press or Left/Right (round)/Home/End selects a tab and shows its panel,
 * only the selected tab is in the Tab order, and the address says which document is shown
 * (#privacy, #refund; none for the first), so a link to /legal#privacy opens it.
 */
export function startLegalTabs(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const selectedClass = root.dataset.tabSelected ?? '';
  const unselectedClass = root.dataset.tabUnselected ?? '';
  const idOf = (tab: HTMLButtonElement) => tab.id.replace(/^legal-tab-/, '');

  const select = (target: HTMLButtonElement) => {
    for (const tab of tabs) {
      const selected = tab === target;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      tab.className = selected ? selectedClass : unselectedClass;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
  };
  const choose = (target: HTMLButtonElement) => {
    select(target);
    history.replaceState(null, '', target === tabs[0] ? window.location.pathname : `#${idOf(target)}`);
  };

  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => choose(tab));
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
      const target = next === undefined ? undefined : tabs[next];
      if (!target) return;
      event.preventDefault();
      choose(target);
      target.focus();
    });
  });

  const fromHash = () => {
    const id = window.location.hash.slice(1);
    const target = tabs.find((tab) => idOf(tab) === id);
    if (target) select(target);
  };
  fromHash();
  window.addEventListener('hashchange', fromHash);
}
