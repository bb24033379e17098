/**
 * Which conversation with the team this browser has open, so the help assistant opens it again
 * after a reload without loading the chat's code first. The server decides what the browser may
 * read (its signed cookie); this only remembers an id.
 */
const key = 'hf_support_conversation';

export function rememberedConversation(): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage blocked: the assistant offers "Talk to a person" as for anyone
  }
}

export function rememberConversation(id: string | undefined): void {
  try {
    if (id) localStorage.setItem(key, id);
    else localStorage.removeItem(key);
  } catch {
    // Storage blocked: the conversation still works, only a reload forgets to open it.
  }
}
