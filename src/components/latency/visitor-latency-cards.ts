// Fills in "Your latency" on location cards: every [data-latency-group] is measured once it is
// on screen, after the page has loaded and the browser is idle, so it never holds the page up.
// Markup (server-rendered, VisitorLatencyLine.tsx): [data-visitor-latency][data-endpoint] with a
// [data-latency-value] and a [data-latency-lowest] badge inside, invisible until it is true.
import { lowestIndex, measureLatencies } from '../../lib/visitor-latency.ts';

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 200));
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
  });
}

async function measureGroup(group: Element): Promise<void> {
  const lines = [...group.querySelectorAll<HTMLElement>('[data-visitor-latency]')];
  if (lines.length === 0) return;
  await whenIdle();
  for (const line of lines) line.dataset.state = 'measuring';
  const results = await measureLatencies(
    lines.map((l) => l.dataset.endpoint ?? ''),
    { fetch: (url, init) => window.fetch(url, init), now: () => performance.now() },
  );
  const lowest = lowestIndex(results);
  lines.forEach((line, i) => {
    const ms = results[i];
    const value = line.querySelector('[data-latency-value]');
    const badge = line.querySelector<HTMLElement>('[data-latency-lowest]');
    if (ms === undefined || !value) {
      // Blocked or failing: the card shows its typical ping only, as without JavaScript.
      line.dataset.state = 'unavailable';
      return;
    }
    value.textContent = `${ms} ms`;
    line.dataset.state = 'measured';
    line.dataset.ms = String(ms);
    if (badge) badge.dataset.latencyLowest = String(i === lowest);
  });
}

const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    observer.unobserve(entry.target);
    void measureGroup(entry.target);
  }
});
for (const group of document.querySelectorAll('[data-latency-group]')) observer.observe(group);
