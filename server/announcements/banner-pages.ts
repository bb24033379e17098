import type { IncomingMessage } from 'node:http';
import { pageGroupAttribute, type PageGroup } from '../../contracts/announcements-rules.ts';
import type { Clock } from '../lib/clock.ts';
import { pageVariant } from '../plugins/page-variant.ts';
import type { SiteFile } from '../plugins/site-files.ts';
import { bannerHtml } from './banner-html.ts';
import type { Banner, LiveBanners } from './live-banners.ts';

type Group = Exclude<PageGroup, 'all'> | 'other';

/** A page's <main> start tag and the group it names; pages without one (the staff console) never get a banner. */
const mainTag = new RegExp(`<main\\b[^>]*\\b${pageGroupAttribute}="([a-z]+)"[^>]*>`);

interface Place {
  group: Group;
  /** Where the banner goes: just after <main …>, in the page's UTF-8 bytes. */
  at: number;
}

/** The dismissed banners a request's cookie lists. */
function dismissedOf(req: IncomingMessage, cookieName: string): Set<string> {
  const header = req.headers.cookie;
  if (!header) return new Set();
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === cookieName)
      return new Set(
        pair
          .slice(eq + 1)
          .trim()
          .split('.'),
      );
  }
  return new Set();
}

/** The page's canonical path for the dismiss form's way back: /about for /about/index.html. */
function canonical(url: string): string {
  const query = url.indexOf('?');
  const target = query === -1 ? url : url.slice(0, query);
  return target.replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '') || '/';
}

/**
 * Serves a page with the banner it shows now (docs/decisions.md 133): the built page with the
 * banner's HTML after its <main> tag, compressed again (brotli 5 and gzip 6, as a publish's fast
 * postbuild) and answered like any file, with its own ETag and Last-Modified, so a cached page
 * is never taken for it. Made on a page's first request with a banner and kept until the
 * banners change; a page with no banner to show (or all dismissed) is the file as built.
 */
export class BannerPages {
  private readonly places = new WeakMap<SiteFile, Place | null>();
  private readonly made = new WeakMap<SiteFile, { generation: number; pages: Map<string, SiteFile> }>();
  private readonly live: LiveBanners;
  private readonly now: Clock;
  private readonly cookieName: string;

  constructor(deps: { live: LiveBanners; now: Clock; cookieName: string }) {
    this.live = deps.live;
    this.now = deps.now;
    this.cookieName = deps.cookieName;
  }

  /** The file to answer `req` with: `file` as built, or the same page with its banner. */
  choose(req: IncomingMessage, file: SiteFile): SiteFile {
    if (this.live.idle() || file.lean) return file;
    const place = this.placeOf(file);
    if (!place) return file;
    const banners = this.live.showing(place.group, this.now());
    if (banners.length === 0) return file;
    const dismissed = dismissedOf(req, this.cookieName);
    const banner = banners.find((b) => !dismissed.has(b.key));
    if (!banner) return file;
    return this.withBanner(file, place, banner, canonical(req.url ?? '/'));
  }

  private placeOf(file: SiteFile): Place | null {
    let place = this.places.get(file);
    if (place !== undefined) return place;
    place = null;
    if (file.identity.headers['content-type']?.startsWith('text/html')) {
      const html = file.identity.body.toString('utf8');
      const match = mainTag.exec(html);
      if (match) place = { group: match[1] as Group, at: Buffer.byteLength(html.slice(0, match.index + match[0].length)) };
    }
    this.places.set(file, place);
    return place;
  }

  private withBanner(file: SiteFile, place: Place, banner: Banner, back: string): SiteFile {
    let kept = this.made.get(file);
    if (!kept || kept.generation !== this.live.generation) {
      kept = { generation: this.live.generation, pages: new Map() };
      this.made.set(file, kept);
    }
    const key = `${banner.key}@${banner.version} ${back}`;
    const found = kept.pages.get(key);
    if (found) return found;
    const page = variant(file, place.at, bannerHtml(banner, back));
    kept.pages.set(key, page);
    return page;
  }
}

/** The page with `html` inserted at byte `at` (server/plugins/page-variant.ts). */
function variant(file: SiteFile, at: number, html: string): SiteFile {
  const built = file.identity.body;
  return pageVariant(file, Buffer.concat([built.subarray(0, at), Buffer.from(html), built.subarray(at)]));
}
