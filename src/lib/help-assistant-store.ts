/**
 * Lets any island open the help assistant (the home page's Live Chat button does) without a
 * provider around the page: the assistant subscribes, others call openHelpAssistant().
 */
type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();

export function openHelpAssistant(): void {
  for (const listener of listeners) listener(true);
}

export function closeHelpAssistant(): void {
  for (const listener of listeners) listener(false);
}

export function onHelpAssistantToggle(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
