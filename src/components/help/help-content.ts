// The help assistant's content beyond its categories (src/pages/help-assistant.json.ts),
// fetched once, when the assistant first opens or a search first runs.
import type { HelpEntry, HelpFaq } from '../../data/help.ts';
import type { SupportChatCopy } from '../../data/support-chat.ts';

export interface HelpContent {
  faqs: HelpFaq[];
  entries: HelpEntry[];
  chat: SupportChatCopy;
}

let loading: Promise<HelpContent> | undefined;

/** The content; a failed fetch is tried again at the next call. */
export function loadHelpContent(): Promise<HelpContent> {
  loading ??= fetch('/help-assistant.json').then((r) => {
    if (!r.ok) throw new Error(`The help content answered ${r.status}.`);
    return r.json() as Promise<HelpContent>;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
