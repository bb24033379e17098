// The cookie banner's behaviour, in plain DOM (docs/decisions.md 88): shown while no
// `cookieConsent` is stored (docs/decisions.md 26); a visitor who decided gets only the consented
// scripts. The footer's "Cookie settings" link (and an address ending in its fragment) opens it
// again with the stored choices. Free of React, so no page loads React for it.
import {
  appendScriptToHead,
  type ConsentChoices,
  type ConsentScript,
  cookieSettingsHash,
  dismissedKey,
  loadConsentedScripts,
  readConsent,
  writeConsent,
} from '../../lib/consent.ts';
import { setCookieBannerOffset } from './banner-offset.ts';

/** Scripts already added to this page. */
const loaded = new Set<string>();

export function startCookieBanner(banner: HTMLElement): void {
  const scripts = JSON.parse(banner.dataset.scripts ?? '[]') as ConsentScript[];
  const box = (name: keyof ConsentChoices) => banner.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  // On phones the banner spans the bottom of the screen: the help button moves up above it.
  const observer = new ResizeObserver(() => setCookieBannerOffset(banner.hidden ? 0 : banner.offsetHeight + 8));

  const show = (choices: ConsentChoices) => {
    box('analytics').checked = choices.analytics;
    box('marketing').checked = choices.marketing;
    banner.hidden = false;
    observer.observe(banner);
  };
  const close = () => {
    banner.hidden = true;
    observer.disconnect();
    setCookieBannerOffset(0);
  };
  const decide = (choices: ConsentChoices) => {
    writeConsent(localStorage, choices);
    loadConsentedScripts(scripts, choices, appendScriptToHead, loaded);
    close();
  };

  banner.addEventListener('click', (event) => {
    const action = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent]')?.dataset.consent : undefined;
    if (action === 'all') decide({ analytics: true, marketing: true });
    else if (action === 'none') decide({ analytics: false, marketing: false });
    else if (action === 'chosen') decide({ analytics: box('analytics').checked, marketing: box('marketing').checked });
    else if (action === 'dismiss') {
      sessionStorage.setItem(dismissedKey, '1');
      close();
    }
  });

  const state = readConsent(localStorage);
  const ask = !state.decided && sessionStorage.getItem(dismissedKey) !== '1';
  if (state.decided) loadConsentedScripts(scripts, state.choices, appendScriptToHead, loaded);
  if (ask) show(state.choices);
  // Says the banner has made up its mind, so "not shown" can be told from "not run yet".
  document.documentElement.dataset.cookieBanner = ask ? 'asking' : 'settled';

  const reopen = () => {
    show(readConsent(localStorage).choices);
    requestAnimationFrame(() => banner.focus());
  };
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(`a[href="#${cookieSettingsHash}"]`)) return;
    event.preventDefault();
    reopen();
  });
  if (location.hash === `#${cookieSettingsHash}`) reopen();
}
