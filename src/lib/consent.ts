// The cookie consent record and the gate for optional scripts (docs/decisions.md 9). Free of
// React and of zod so the banner island stays small and the rules can be unit-tested.

/** 'true' or 'false'; the key's name is kept for the browsers that already store it. */
export const consentKey = 'cookieConsent';
/** The analytics and marketing choices, as JSON. */
export const choicesKey = 'cookieConsentChoices';
/** The fragment of the footer's "Cookie settings" link: the banner opens again on it, with the stored choices. */
export const cookieSettingsHash = 'cookie-settings';
/** Set in sessionStorage when the banner is closed without a choice: hidden for this session only. */
export const dismissedKey = 'cookieBannerDismissed';

export type ConsentCategory = 'analytics' | 'marketing';
export type ConsentChoices = Record<ConsentCategory, boolean>;

/** An optional third-party script, as configured in src/data/consent-scripts.ts. */
export interface ConsentScript {
  category: ConsentCategory;
  src: string;
}

export interface ConsentState {
  /** A choice is stored: the banner stays hidden for good. */
  decided: boolean;
  choices: ConsentChoices;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const none: ConsentChoices = { analytics: false, marketing: false };

/** Reads the stored decision; anything unreadable counts as no decision. */
export function readConsent(storage: KeyValueStore): ConsentState {
  const value = storage.getItem(consentKey);
  if (value !== 'true' && value !== 'false') return { decided: false, choices: none };
  let choices: ConsentChoices = value === 'true' ? { analytics: true, marketing: true } : none;
  try {
    const parsed = JSON.parse(storage.getItem(choicesKey) ?? 'null') as Partial<ConsentChoices> | null;
    if (parsed && typeof parsed === 'object') choices = { analytics: parsed.analytics === true, marketing: parsed.marketing === true };
  } catch {
    // a damaged choices record: keep what cookieConsent says
  }
  if (value === 'false') choices = none;
  return { decided: true, choices };
}

/** Stores a decision: cookieConsent is 'true' when anything optional is allowed. */
export function writeConsent(storage: KeyValueStore, choices: ConsentChoices): void {
  storage.setItem(consentKey, choices.analytics || choices.marketing ? 'true' : 'false');
  storage.setItem(choicesKey, JSON.stringify(choices));
}

/** The configured scripts the visitor's choices allow. */
export function allowedScripts(scripts: readonly ConsentScript[], choices: ConsentChoices): ConsentScript[] {
  return scripts.filter((s) => choices[s.category] === true);
}

/**
 * Loads every allowed script not loaded yet, through `append` (in the browser: a <script async>
 * in <head>). Returns the sources it loaded now. `loaded` remembers them across calls.
 */
export function loadConsentedScripts(scripts: readonly ConsentScript[], choices: ConsentChoices, append: (src: string) => void, loaded: Set<string>): string[] {
  const added: string[] = [];
  for (const script of allowedScripts(scripts, choices)) {
    if (loaded.has(script.src)) continue;
    loaded.add(script.src);
    append(script.src);
    added.push(script.src);
  }
  return added;
}

/** The browser's way to add a script. */
export function appendScriptToHead(src: string): void {
  const el = document.createElement('script');
  el.src = src;
  el.async = true;
  el.dataset.consentScript = '';
  document.head.append(el);
}
