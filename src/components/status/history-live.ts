// The history page before React (docs/decisions.md 147): the server sends the list in the page, so
// a link to an incident (#incident-<id>) finds it at once; this brings its heading into focus as
// the island does. An incident older than the list is read by the island: it hydrates for it.
import { historyStartId } from '../../../contracts/status-pages.ts';
import { hydrateNow } from './hydrate-now.ts';

export function followHistoryLinks(): void {
  const island = document.querySelector('astro-island[component-export="StatusHistory"]');
  if (!island) return;
  // Served as built: the list is not in the page, the island reads it.
  if (!document.getElementById(historyStartId)) {
    hydrateNow(island);
    return;
  }
  const follow = () => {
    const match = /^#incident-(.+)$/.exec(location.hash);
    if (!match || island.querySelector('[data-ready]') === null) return;
    const card = document.getElementById(`incident-${decodeURIComponent(match[1]!)}`);
    if (!card) {
      hydrateNow(island);
      return;
    }
    card.scrollIntoView({ block: 'start' });
    const heading = card.querySelector<HTMLElement>('h2, h3');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  };
  follow();
  window.addEventListener('hashchange', follow);
}
