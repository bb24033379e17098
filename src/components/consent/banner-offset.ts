// How far the cookie banner reaches up from the bottom of a phone screen, so the help button
// can sit above it: written as a custom property on the button alone (on <html> the browser
// would recompute the style of every element on the page). Plain DOM: neither needs React.
let current = 0;

/** The help button, marked data-help-launcher (src/components/help/HelpLauncher.tsx). */
const launcher = () => document.querySelector<HTMLElement>('[data-help-launcher]');

export function setCookieBannerOffset(px: number): void {
  if (px === current) return;
  current = px;
  launcher()?.style.setProperty('--cookie-banner-offset', `${px}px`);
}
