/**
 * Lets any island open the help assistant without a provider around the page: the assistant
 * subscribes, others call openHelpAssistant(). A call made before the assistant has hydrated
 * is kept and honoured when it subscribes.
 */
/**
 * The help dialog's id. A button with command="show-modal" commandfor={helpDialogId} opens it
 * with no script at all (the home page's Live Chat, the floating help button).
 */
export const helpDialogId = 'help-assistant';

type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();
let pendingOpen = false;

export function openHelpAssistant(): void {
  if (listeners.size === 0) {
    pendingOpen = true;
    return;
  }
  for (const listener of listeners) listener(true);
}

export function closeHelpAssistant(): void {
  pendingOpen = false;
  for (const listener of listeners) listener(false);
}

export function onHelpAssistantToggle(listener: Listener): () => void {
  listeners.add(listener);
  if (pendingOpen) {
    pendingOpen = false;
    listener(true);
  }
  return () => listeners.delete(listener);
}
