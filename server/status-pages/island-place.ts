import type { SiteFile } from '../plugins/site-files.ts';

/** Where a built page holds a status island (docs/decisions.md 147), by character index of its HTML. */
export interface IslandPlace {
  html: string;
  /** Just after the island's start tag: its content (what Astro rendered at build) begins here. */
  start: number;
  /** Where `</astro-island>` begins. */
  end: number;
  /** The island's `prefix`: React's identifierPrefix, the same on the server and at hydration. */
  prefix: string;
  /** A `<noscript data-server-filled>` after it, said only when the page comes as built: [from, to). */
  noscript?: [number, number];
}

const noscriptTag = '<noscript data-server-filled>';

/** The island of this React component in a built page (none in other pages); the component holds no island of its own. */
export function islandPlace(file: SiteFile, component: string): IslandPlace | null {
  if (!file.identity.headers['content-type']?.startsWith('text/html')) return null;
  const html = file.identity.body.toString('utf8');
  const tag = new RegExp(`<astro-island\\b[^>]*\\bcomponent-export="${component}"[^>]*>`).exec(html);
  if (!tag) return null;
  const start = tag.index + tag[0].length;
  const end = html.indexOf('</astro-island>', start);
  if (end === -1) return null;
  const prefix = /\sprefix="([^"]*)"/.exec(tag[0])?.[1] ?? '';
  const from = html.indexOf(noscriptTag, end);
  const to = from === -1 ? -1 : html.indexOf('</noscript>', from);
  return { html, start, end, prefix, ...(to === -1 ? {} : { noscript: [from, to + '</noscript>'.length] as [number, number] }) };
}

/** JSON safe inside <script type="application/json">: no `</script>` can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The page with the island's content replaced by `rendered`, the data it was rendered from as
 * JSON in an element of `dataId` just after the island, and the no-JavaScript note gone.
 */
export function filledPage(place: IslandPlace, rendered: string, dataId: string, data: unknown): string {
  const { html, start, end, noscript } = place;
  const json = `<script type="application/json" id="${dataId}">${scriptJson(data)}</script>`;
  const after = end + '</astro-island>'.length;
  const rest = noscript ? html.slice(after, noscript[0]) + html.slice(noscript[1]) : html.slice(after);
  return `${html.slice(0, start)}${rendered}</astro-island>${json}${rest}`;
}
