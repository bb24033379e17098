/**
 * Announcements (docs/decisions.md 133-135), the rules the site and the server share, without
 * zod: the page groups a banner may be limited to, which group a page is in, and the cookie
 * that remembers a visitor's dismissed banners.
 */

export const pageGroups = ['all', 'home', 'plans', 'status', 'panel', 'help'] as const;
export type PageGroup = (typeof pageGroups)[number];

/** The groups as the console names them. */
export const pageGroupLabels: Readonly<Record<PageGroup, string>> = {
  all: 'Every page',
  home: 'The home page',
  plans: 'Products and plan pages',
  status: 'Network status',
  panel: 'Control panel and account',
  help: 'Help: knowledge base and contact',
};

export const announcementTones = ['info', 'warning'] as const;
export type AnnouncementTone = (typeof announcementTones)[number];

/**
 * The group of a public page (`other`: a page in no group but `all`, such as /about). Plan pages
 * are named by the caller, since the catalog says which routes are plan lines.
 */
export function pageGroupOf(path: string, isPlanPage: boolean): Exclude<PageGroup, 'all'> | 'other' {
  if (path === '/') return 'home';
  // /vps is the overview of the VPS lines, a products page of its own.
  if (path === '/products' || path === '/vps' || isPlanPage) return 'plans';
  if (path === '/network-status' || path.startsWith('/network-status/')) return 'status';
  if (path === '/control-panel' || path === '/minecraft-tools' || path === '/account' || path.startsWith('/account/')) return 'panel';
  if (path === '/knowledge' || path === '/contact' || path.startsWith('/contact/') || path.startsWith('/support/')) return 'help';
  return 'other';
}

/** The attribute of a page's <main> that names its group, which the server reads to place a banner. */
export const pageGroupAttribute = 'data-page-group';

/** The cookie that lists the banners a visitor dismissed ("a12.i3f…"): read by the server, never by a script. */
export const dismissedCookie = 'hf_dismissed';
/** How many dismissals it keeps (the newest). */
export const dismissedKept = 20;

/** The longest text and link label of an announcement. */
export const announcementTextMax = 200;
export const announcementLinkLabelMax = 60;
