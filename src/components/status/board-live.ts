// The status board before React (docs/decisions.md 147): the server sends /network-status with the
// board rendered as it is now, and this plain script keeps it live until the visitor's first touch
// hydrates the island (client:interaction). It listens to the board's stream; on a change it reads
// the page again (the server renders it once per change) and brings the board on screen in line
// with the new one (src/lib/dom-morph.ts: the nodes that stay are kept), with the data it was
// rendered from, so React's first render is always the markup on screen.
// It shows the stream's state and says notices as the board does, and stops at the touch.
import type { Incident, NoticeEvent } from '../../../contracts/incidents.ts';
import type { ServerStatus } from '../../../contracts/status-rules.ts';
import { type BoardStart, boardStartId } from '../../../contracts/status-pages.ts';
import { morphChildren } from '../../lib/dom-morph.ts';
import { localTimeLabel } from '../../lib/local-time.ts';
import { noticeText } from '../../lib/status-updates.ts';
import type { StreamState } from '../../lib/use-status-stream.ts';
import { heldSubmitAttribute } from './held-submit.ts';
import { hydrateNow } from './hydrate-now.ts';
import { ownServersKey } from './own-servers.ts';
import { streamDotClass, streamWords } from './stream-state-look.ts';

const islandSelector = 'astro-island[component-export="StatusBoard"]';
/** What starts the island's hydration (src/directives/interaction.ts): from then on React keeps the board. */
const touches = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;
/** Waits before reading the page again when it is not yet rendered with the change (another instance may be behind); the last read is put in place whatever it says. */
const retriesMs = [0, 100, 200, 400, 800, 1600, 3200];

/** What an incident says on the board, field by field (the notice and the report name them in their own order). */
const said = (i: Incident) => JSON.stringify([i.title, i.impact, i.state, i.monitorIds, i.updates.map((u) => [u.id, u.state, u.message, u.editedAt])]);

/** Whether a render of the board shows a notice: the incident or window as the notice has it, or gone when it ended. */
function shows(start: BoardStart, notice: NoticeEvent): boolean {
  const { incident, maintenance } = notice;
  if (incident) {
    const shown = start.report.incidents.find((i) => i.id === incident.id);
    return incident.state === 'resolved' ? shown === undefined : shown !== undefined && said(shown) === said(incident);
  }
  if (maintenance) {
    const shown = start.report.maintenance.find((m) => m.id === maintenance.id);
    return maintenance.state === 'scheduled' || maintenance.state === 'in_progress' ? shown?.state === maintenance.state : shown === undefined;
  }
  return true;
}

/** Writes the chart's times in the visitor's clock (the server wrote its own; src/lib/local-time.ts). */
function localizeTimes(root: ParentNode): void {
  for (const time of root.querySelectorAll<HTMLElement>('time[data-local-time]')) time.textContent = localTimeLabel(Number(time.dataset.localTime));
}

function hasOwnServers(): boolean {
  try {
    return (JSON.parse(localStorage.getItem(ownServersKey) ?? '[]') as unknown[]).length > 0;
  } catch {
    return false;
  }
}

/**
 * The servers whose state changed between two renders of the board, announced as the board
 * does (a toast): the toasts' island and its code load for it, after the change, not at load.
 */
function announceChanges(before: BoardStart, after: BoardStart): void {
  const changes: { name: string; status: ServerStatus }[] = [];
  for (const server of after.report.servers) {
    const was = before.report.servers.find((s) => s.id === server.id)?.status;
    if (was && was !== 'pending' && server.status !== 'pending' && was !== server.status) changes.push({ name: server.name, status: server.status });
  }
  if (changes.length === 0) return;
  const toaster = document.querySelector('astro-island[component-export="Toaster"]');
  if (toaster) hydrateNow(toaster);
  // Sonner keeps a toast made before its Toaster subscribes and shows it then.
  void import('./announce.tsx').then(({ announce }) => {
    for (const change of changes) announce(change.name, change.status);
  });
}

/**
 * The board's markup and its JSON in a page the server sent, read out of the text: only the
 * board is parsed, not the whole page (a phone does this once a round).
 */
function boardIn(html: string): { board: DocumentFragment; json: string } | undefined {
  const tag = html.search(/<astro-island\b[^>]*component-export="StatusBoard"/);
  const start = tag === -1 ? -1 : html.indexOf('>', tag) + 1;
  const end = start === 0 ? -1 : html.indexOf('</astro-island>', start);
  const jsonTag = `<script type="application/json" id="${boardStartId}">`;
  const jsonStart = end === -1 ? -1 : html.indexOf(jsonTag, end);
  const jsonEnd = jsonStart === -1 ? -1 : html.indexOf('</script>', jsonStart);
  if (jsonEnd === -1) return undefined;
  const template = document.createElement('template');
  template.innerHTML = html.slice(start, end);
  return { board: template.content, json: html.slice(jsonStart + jsonTag.length, jsonEnd) };
}

const subjectOf = (notice: NoticeEvent) => (notice.incident ? `i${notice.incident.id}` : `m${notice.maintenance?.id}`);

/**
 * A form of the board sent before React runs it (the press came before the island's code) is held,
 * marked, and sent by React once it runs (AddServerForm.tsx); the server has no answer for it.
 */
function holdSubmits(island: Element): void {
  const hold = (event: SubmitEvent) => {
    if (!island.hasAttribute('ssr')) {
      document.removeEventListener('submit', hold, true);
      return;
    }
    if (!(event.target instanceof HTMLFormElement) || !island.contains(event.target)) return;
    event.preventDefault();
    event.target.setAttribute(heldSubmitAttribute, '');
  };
  document.addEventListener('submit', hold, true);
}

export function startBoardLive(): void {
  const island = document.querySelector(islandSelector);
  const data = document.getElementById(boardStartId);
  if (!island) return;
  holdSubmits(island);
  // A page served as built has no board in it, and the visitor's own servers are React's to show: React now.
  if (!data || hasOwnServers()) {
    hydrateNow(island);
    return;
  }
  localizeTimes(island);
  let round = (JSON.parse(data.textContent ?? '{}') as Partial<BoardStart>).round ?? null;
  let state: StreamState = 'connecting';
  let touched = false;
  let source: EventSource | undefined;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  /** What the next reading of the page waits for: a round at least this new, these notices shown, or any change. */
  let wanted: { round: number; notices: NoticeEvent[]; any: boolean; heard?: string } | undefined;
  let reading = false;

  const show = (next: StreamState) => {
    state = next;
    data.dataset.stream = next;
    const shown = island.querySelector('[data-testid="stream-state"]');
    const dot = shown?.firstElementChild;
    if (!shown || !dot || !shown.lastChild) return;
    dot.setAttribute('class', streamDotClass(next));
    shown.lastChild.textContent = streamWords(next);
  };

  const read = async () => {
    if (reading) return;
    reading = true;
    try {
      while (wanted && !touched) {
        const goal = wanted;
        for (const [n, wait] of retriesMs.entries()) {
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (touched) return;
          const response = await fetch(location.pathname, { cache: 'no-cache', headers: { accept: 'text/html' } }).catch(() => undefined);
          if (!response?.ok) continue;
          const found = boardIn(await response.text());
          if (!found) return;
          const { board: nextIsland, json } = found;
          const next = JSON.parse(json) as BoardStart;
          const fresh = (!goal.any || json !== data.textContent) && (next.round ?? 0) >= goal.round && goal.notices.every((notice) => shows(next, notice));
          if (!fresh && n < retriesMs.length - 1) continue;
          if (touched) return;
          announceChanges(JSON.parse(data.textContent ?? '{}') as BoardStart, next);
          morphChildren(island, nextIsland);
          data.textContent = json;
          round = next.round;
          localizeTimes(island);
          show(state);
          const heard = island.querySelector('[data-testid="notice-heard"]');
          if (heard && goal.heard) heard.textContent = goal.heard;
          break;
        }
        if (wanted === goal) wanted = undefined;
      }
    } finally {
      reading = false;
    }
  };

  const want = (next: { round?: number; notice?: NoticeEvent; any?: boolean }) => {
    wanted = {
      round: Math.max(wanted?.round ?? 0, next.round ?? 0),
      // A newer notice of the same incident or window replaces the older one.
      notices: [...(wanted?.notices ?? []).filter((n) => !next.notice || subjectOf(n) !== subjectOf(next.notice)), ...(next.notice ? [next.notice] : [])],
      any: (wanted?.any ?? false) || next.any === true,
      heard: next.notice ? noticeText(next.notice) : wanted?.heard,
    };
    void read();
  };

  let opened = false;
  const open = () => {
    if (touched) return;
    const stream = new EventSource('/api/status/stream');
    source = stream;
    stream.onopen = () => {
      show('live');
      // Notices are not replayed: after a drop, read the board afresh.
      if (opened) want({ any: true });
      opened = true;
    };
    stream.onerror = () => {
      show('reconnecting');
      if (stream.readyState !== EventSource.CLOSED) return;
      stream.close();
      reopen = setTimeout(open, 30_000);
    };
    stream.addEventListener('serverStatus', (event) => {
      const id = Number((event as MessageEvent<string>).lastEventId);
      if (Number.isFinite(id) && (round === null || id > round)) want({ round: id });
    });
    stream.addEventListener('notice', (event) => want({ notice: JSON.parse((event as MessageEvent<string>).data) as NoticeEvent }));
    stream.addEventListener('monitors', () => want({ any: true }));
  };

  const onTouch = (event: Event) => {
    if (!(event.target instanceof Node) || !island.contains(event.target)) return;
    touched = true;
    source?.close();
    clearTimeout(reopen);
    for (const type of touches) document.removeEventListener(type, onTouch, true);
  };
  for (const type of touches) document.addEventListener(type, onTouch, { capture: true, passive: true });
  open();
}
