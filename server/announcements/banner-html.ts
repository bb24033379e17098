import type { Banner } from './live-banners.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** An X drawn as the site's other icons are (lucide's), hidden from screen readers: the button has its name. */
const closeIcon =
  '<svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

/**
 * The banner's HTML, placed first in <main> (docs/decisions.md 133): its text as plain text, its
 * one link, and a dismiss button that is a form, so it works without JavaScript: the server
 * remembers the dismissal in a cookie and sends the visitor back to `back` (this page), which
 * then comes without it: no flash on a return visit either.
 */
export function bannerHtml(banner: Banner, back: string): string {
  const link = banner.linkUrl
    ? ` <a href="${escapeHtml(banner.linkUrl)}"${banner.linkUrl.startsWith('https://') ? ' rel="noopener"' : ''}>${escapeHtml(banner.linkLabel)}</a>`
    : '';
  return (
    `<section class="site-banner site-banner-${banner.tone}" aria-label="Announcement" data-banner="${escapeHtml(banner.key)}">` +
    '<div class="site-banner-box">' +
    `<p class="site-banner-text">${escapeHtml(banner.text)}${link}</p>` +
    '<form class="site-banner-form" method="post" action="/api/announcements/dismiss">' +
    `<input type="hidden" name="banner" value="${escapeHtml(banner.key)}"><input type="hidden" name="back" value="${escapeHtml(back)}">` +
    `<button type="submit" class="site-banner-close" aria-label="Dismiss this announcement">${closeIcon}</button>` +
    '</form></div></section>'
  );
}
