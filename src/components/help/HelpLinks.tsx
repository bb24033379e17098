import type { HelpLink } from '../../data/help.ts';

/** Links without a second one to the same place (an answer's own link and the fallback's). */
export function withoutRepeats(links: HelpLink[]): HelpLink[] {
  return links.filter((l, i) => links.findIndex((o) => o.url === l.url) === i);
}

/** An answer's links, as small pills under it. */
export function LinkList({ links }: { links: HelpLink[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {links.map((l) => (
        <li key={`${l.url}-${l.text}`}>
          <a
            href={l.url}
            className="inline-flex items-center gap-1 rounded-full bg-brand-500/15 px-3 py-1 text-xs font-medium text-brand-300 ring-1 ring-brand-400/30 hover:bg-brand-500/25"
          >
            {l.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
