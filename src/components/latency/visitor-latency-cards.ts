// Fills in "Your latency" on location cards: every [data-latency-group] is measured once it is
// on screen, after the page has loaded and the browser is idle, so it never holds the page up.
// Markup (server-rendered, VisitorLatencyLine.tsx): [data-visitor-latency][data-ping-location]
// with a [data-latency-value] and a [data-latency-lowest] badge inside, invisible until it is true.
// Each location is timed at its own probe agent, as /api/status/locations lists them while they
// report; a location without one shows no figure, never one borrowed from another server.
import type { LocationsReport } from '../../../contracts/probe-locations.ts';
import { lowestIndex, measureLatencies } from '../../lib/visitor-latency.ts';

/** Each reporting location's ping endpoint; none when the list cannot be read. */
async function pingEndpoints(): Promise<Map<string, string>> {
  try {
    const response = await window.fetch('/api/status/locations', { cache: 'no-store' });
    if (!response.ok) return new Map();
    const report = (await response.json()) as LocationsReport;
    return new Map(report.locations.flatMap((l) => (l.reporting && l.pingUrl ? [[l.location, l.pingUrl] as const] : [])));
  } catch {
    return new Map();
  }
}

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
  const endpoints = await pingEndpoints();
  const timed = lines.filter((l) => endpoints.has(l.dataset.pingLocation ?? ''));
  const measured = await measureLatencies(
    timed.map((l) => endpoints.get(l.dataset.pingLocation ?? '')!),
    { fetch: (url, init) => window.fetch(url, init), now: () => performance.now() },
  );
  const results = lines.map((l) => (timed.includes(l) ? measured[timed.indexOf(l)] : undefined));
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
