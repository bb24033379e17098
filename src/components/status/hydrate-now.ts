// Starts a client:interaction island (src/directives/interaction.ts) without a touch: what a status
// page's plain script does when the island must run at once (docs/decisions.md 147). Once the page
// has loaded: Astro starts an island's directive after the document is parsed, which a page's
// module script may run before.

export function hydrateNow(island: Element): void {
  const go = () => setTimeout(() => island.dispatchEvent(new Event('pointerover', { bubbles: true })), 0);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
