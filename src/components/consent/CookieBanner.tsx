import { Cookie, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonVariants } from '../ui/button-variants.ts';
import { setCookieBannerOffset } from './banner-offset.ts';
import {
  appendScriptToHead,
  cookieSettingsHash,
  dismissedKey,
  loadConsentedScripts,
  readConsent,
  writeConsent,
  type ConsentChoices,
  type ConsentScript,
} from '../../lib/consent.ts';

export interface CookieBannerProps {
  /** Optional analytics and marketing scripts (src/data/consent-scripts.ts), loaded only after consent. */
  scripts: ConsentScript[];
}

/** Scripts already added to this page. */
const loaded = new Set<string>();

/**
 * The cookie banner (docs/decisions.md 26): shown while no `cookieConsent` is stored. Essential
 * cookies are always on; analytics and marketing are the visitor's choice. It is fixed to the
 * bottom of the viewport and rendered only in the browser, so it never shifts the layout.
 */
export function CookieBanner({ scripts }: CookieBannerProps) {
  const [visible, setVisible] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>({ analytics: false, marketing: false });
  const headingId = useId();
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    const state = readConsent(localStorage);
    const ask = !state.decided && sessionStorage.getItem(dismissedKey) !== '1';
    if (state.decided) loadConsentedScripts(scripts, state.choices, appendScriptToHead, loaded);
    if (ask) setVisible(true);
    // Says the banner has made up its mind, so "not shown" can be told from "not hydrated yet".
    document.documentElement.dataset.cookieBanner = ask ? 'asking' : 'settled';
  }, [scripts]);

  // The footer's "Cookie settings" link (and an address ending in its fragment) opens the banner
  // again with the stored choices, so a choice can be changed at any time.
  useEffect(() => {
    const reopen = () => {
      setChoices(readConsent(localStorage).choices);
      setVisible(true);
      requestAnimationFrame(() => banner.current?.focus());
    };
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(`a[href="#${cookieSettingsHash}"]`)) return;
      event.preventDefault();
      reopen();
    };
    document.addEventListener('click', onClick);
    if (location.hash === `#${cookieSettingsHash}`) reopen();
    return () => document.removeEventListener('click', onClick);
  }, []);

  // On phones the banner spans the bottom of the screen: the help button moves up above it
  // (by a transform, which is not a layout shift).
  useEffect(() => {
    const el = banner.current;
    if (!visible || !el) return;
    const observer = new ResizeObserver(() => setCookieBannerOffset(el.offsetHeight + 8));
    observer.observe(el);
    return () => {
      observer.disconnect();
      setCookieBannerOffset(0);
    };
  }, [visible]);

  const decide = (next: ConsentChoices) => {
    writeConsent(localStorage, next);
    loadConsentedScripts(scripts, next, appendScriptToHead, loaded);
    close();
  };

  const close = () => setVisible(false);

  const dismiss = () => {
    sessionStorage.setItem(dismissedKey, '1');
    close();
  };

  if (!visible) return null;

  const toggle = (category: keyof ConsentChoices) => setChoices((c) => ({ ...c, [category]: !c[category] }));

  return (
    <section
      ref={banner}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="fixed inset-x-2 bottom-2 z-45 [contain:content] rounded-2xl border border-white/10 bg-surface-900 p-4 shadow-2xl sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-[26rem]"
    >
      <div className="flex items-start gap-3">
        <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-400" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-sm font-semibold text-white">
            We use cookies
          </h2>
          <p className="mt-1 text-xs text-slate-300">
            Essential cookies keep the site working. With your consent we also use analytics and marketing cookies.{' '}
            <a href="/legal#privacy" className="text-brand-300 underline underline-offset-2 hover:text-white">
              Privacy Policy
            </a>
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Close cookie banner"
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: '-mt-1 -mr-1' })}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <fieldset className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-200">
        <legend className="sr-only">Cookie categories</legend>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked disabled className="size-4 accent-brand-500" />
          Essential
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input type="checkbox" checked={choices.analytics} onChange={() => toggle('analytics')} className="size-4 accent-brand-500" />
          Analytics
        </label>
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input type="checkbox" checked={choices.marketing} onChange={() => toggle('marketing')} className="size-4 accent-brand-500" />
          Marketing
        </label>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={() => decide({ analytics: true, marketing: true })} className={buttonVariants({ size: 'xs' })}>
          Accept All
        </button>
        <button type="button" onClick={() => decide({ analytics: false, marketing: false })} className={buttonVariants({ variant: 'secondary', size: 'xs' })}>
          Decline All
        </button>
        <button type="button" onClick={() => decide(choices)} className={buttonVariants({ variant: 'ghost', size: 'xs' })}>
          Save Choices
        </button>
      </div>
    </section>
  );
}
