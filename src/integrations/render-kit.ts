// What a plain build keeps to render the pages again for a publish (src/integrations/keep-prerender.ts,
// scripts/catalog-render.ts, docs/decisions.md 156).

/** The folder inside a built site (a dot folder: never served) that holds the kit. */
export const renderKitDir = '.render';
/** The kit's description, inside that folder; the bundle is in its `bundle/`. */
export const renderKitState = 'kit.json';

/** One file Astro rendered: the request it rendered it for, its route and where it wrote it. */
export interface RenderedPage {
  url: string;
  route: string;
  component: string;
  /** Relative to the site's folder, as Astro wrote it (before postbuild moves templates). */
  file: string;
}

export interface RenderKit {
  /** The prerender bundle's entry, in `bundle/`. */
  entry: string;
  pages: RenderedPage[];
  /** Each page's style sheets by Astro's page key (build internals' `pagesByKeys`). */
  styles: [string, unknown[]][];
  /** Build internals' `entrySpecifierToBundleMap`. */
  entrySpecifiers: [string, string][];
  /** The scripts integrations inject (`settings.scripts`). */
  scripts: { stage: string; content: string }[];
}
