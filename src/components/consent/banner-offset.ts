// How far the cookie banner reaches up from the bottom of a phone screen, so the help button
// can sit above it. A tiny store between the two islands: writing a custom property on <html>
// instead would make the browser recompute the style of every element on the page.
type Listener = (px: number) => void;

let current = 0;
const listeners = new Set<Listener>();

export function setCookieBannerOffset(px: number): void {
  if (px === current) return;
  current = px;
  for (const listener of listeners) listener(px);
}

/** Calls the listener now and on every change; returns the unsubscribe function. */
export function onCookieBannerOffset(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
