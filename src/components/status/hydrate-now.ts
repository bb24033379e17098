// Starts a client:interaction island (src/directives/interaction.ts) without a touch: what a status
// page's plain script does when the island must run at once (docs/decisions.md 147). After the
// document is parsed, when the island's directive listens.

export function hydrateNow(island: Element): void {
  const go = () => setTimeout(() => island.dispatchEvent(new Event('pointerover', { bubbles: true })), 0);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
}
