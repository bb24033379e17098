/**
 * Set by the board's plain script (board-live.ts) on a form sent before React ran it
 * (docs/decisions.md 147): AddServerForm sends it once React runs. Its own module, so the plain
 * script bundles no React.
 */
export const heldSubmitAttribute = 'data-held-submit';
