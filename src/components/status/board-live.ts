// The status board before React (docs/decisions.md 147): the server sends /network-status with the
// board rendered as it is now, and this plain script keeps it live until the visitor's first touch
// hydrates the island (client:interaction). It listens to the board's stream; on a change it reads
// the page again (the server renders it once per change) and puts the new board in place of the
// old, with the data it was rendered from, so React's first render is always the markup on screen.
// It shows the stream's state and says notices as the board does, and stops at the touch.
import type { NoticeEvent } from '../../../contracts/incidents.ts';
import type { ServerStatus } from '../../../contracts/status-rules.ts';
import { type BoardStart, boardStartId } from '../../../contracts/status-pages.ts';
import { localTimeLabel } from '../../lib/local-time.ts';
import { noticeText } from '../../lib/status-updates.ts';
import type { StreamState } from '../../lib/use-status-stream.ts';
import { hydrateNow } from './hydrate-now.ts';
import { ownServersKey } from './own-servers.ts';
import { streamDotClass, streamWords } from './stream-state-look.ts';

const islandSelector = 'astro-island[component-export="StatusBoard"]';
/** What starts the island's hydration (src/directives/interaction.ts): from then on React keeps the board. */
const touches = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;
/** Waits before reading the page again when it is not yet rendered with the change (another instance may be behind). */
const retriesMs = [0, 250, 500, 1000, 2000, 4000];

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

export function startBoardLive(): void {
  const island = document.querySelector(islandSelector);
  const data = document.getElementById(boardStartId);
  if (!island) return;
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
  /** What the next reading of the page waits for: a round at least this new, or any change. */
  let wanted: { round: number; any: boolean; heard?: string } | undefined;
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
        const want = wanted;
        for (const wait of retriesMs) {
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (touched) return;
          const response = await fetch(location.pathname, { cache: 'no-cache', headers: { accept: 'text/html' } }).catch(() => undefined);
          if (!response?.ok) continue;
          const page = new DOMParser().parseFromString(await response.text(), 'text/html');
          const nextData = page.getElementById(boardStartId);
          const nextIsland = page.querySelector(islandSelector);
          if (!nextData?.textContent || !nextIsland) return;
          const next = JSON.parse(nextData.textContent) as BoardStart;
          const fresh = want.any ? nextData.textContent !== data.textContent : next.round !== null && next.round >= want.round;
          if (!fresh) continue;
          if (touched) return;
          announceChanges(JSON.parse(data.textContent ?? '{}') as BoardStart, next);
          island.replaceChildren(...Array.from(nextIsland.childNodes));
          data.textContent = nextData.textContent;
          round = next.round;
          localizeTimes(island);
          show(state);
          const heard = island.querySelector('[data-testid="notice-heard"]');
          if (heard && want.heard) heard.textContent = want.heard;
          break;
        }
        if (wanted === want) wanted = undefined;
      }
    } finally {
      reading = false;
    }
  };

  const want = (next: { round?: number; heard?: string }) => {
    wanted = {
      round: Math.max(wanted?.round ?? 0, next.round ?? 0),
      any: (wanted?.any ?? false) || next.round === undefined,
      heard: next.heard ?? wanted?.heard,
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
      if (opened) want({});
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
    stream.addEventListener('notice', (event) => want({ heard: noticeText(JSON.parse((event as MessageEvent<string>).data) as NoticeEvent) }));
    stream.addEventListener('monitors', () => want({}));
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
