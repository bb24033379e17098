import { describe, expect, it } from 'vitest';
import { allowedScripts, choicesKey, consentKey, loadConsentedScripts, readConsent, writeConsent, type ConsentScript } from '../../src/lib/consent.ts';
import { consentScripts } from '../../src/data/consent-scripts.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

// A configured list, injected: the shipped list is empty by default.
const scripts: ConsentScript[] = [
  { category: 'analytics', src: 'https://analytics.example.com/a.js' },
  { category: 'marketing', src: 'https://ads.example.com/m.js' },
  { category: 'analytics', src: 'https://analytics.example.com/b.js' },
];

describe('the stored consent', () => {
  it('is undecided while nothing (or something unknown) is stored', () => {
    expect(readConsent(memoryStorage())).toEqual({ decided: false, choices: { analytics: false, marketing: false } });
    expect(readConsent(memoryStorage({ [consentKey]: 'maybe' })).decided).toBe(false);
  });

  it('Accept All stores true with both choices; Decline All stores false', () => {
    const storage = memoryStorage();
    writeConsent(storage, { analytics: true, marketing: true });
    expect(storage.map.get(consentKey)).toBe('true');
    expect(JSON.parse(storage.map.get(choicesKey)!)).toEqual({ analytics: true, marketing: true });
    expect(readConsent(storage)).toEqual({ decided: true, choices: { analytics: true, marketing: true } });
    writeConsent(storage, { analytics: false, marketing: false });
    expect(storage.map.get(consentKey)).toBe('false');
    expect(readConsent(storage)).toEqual({ decided: true, choices: { analytics: false, marketing: false } });
  });

  it('keeps a partial choice', () => {
    const storage = memoryStorage();
    writeConsent(storage, { analytics: true, marketing: false });
    expect(storage.map.get(consentKey)).toBe('true');
    expect(readConsent(storage).choices).toEqual({ analytics: true, marketing: false });
  });

  it("reads a bare 'true' as both choices and never lets choices override 'false'", () => {
    expect(readConsent(memoryStorage({ [consentKey]: 'true' })).choices).toEqual({ analytics: true, marketing: true });
    expect(readConsent(memoryStorage({ [consentKey]: 'true', [choicesKey]: '{broken' })).choices).toEqual({ analytics: true, marketing: true });
    expect(readConsent(memoryStorage({ [consentKey]: 'false', [choicesKey]: '{"analytics":true,"marketing":true}' })).choices).toEqual({
      analytics: false,
      marketing: false,
    });
  });
});

describe('optional scripts load only after the matching consent', () => {
  it('loads nothing without consent', () => {
    const appended: string[] = [];
    loadConsentedScripts(scripts, { analytics: false, marketing: false }, (s) => appended.push(s), new Set());
    expect(appended).toEqual([]);
  });

  it('loads only the consented category', () => {
    expect(allowedScripts(scripts, { analytics: true, marketing: false }).map((s) => s.src)).toEqual([
      'https://analytics.example.com/a.js',
      'https://analytics.example.com/b.js',
    ]);
    const appended: string[] = [];
    loadConsentedScripts(scripts, { analytics: false, marketing: true }, (s) => appended.push(s), new Set());
    expect(appended).toEqual(['https://ads.example.com/m.js']);
  });

  it('loads each script once, adding the newly consented ones later', () => {
    const appended: string[] = [];
    const loaded = new Set<string>();
    loadConsentedScripts(scripts, { analytics: true, marketing: false }, (s) => appended.push(s), loaded);
    loadConsentedScripts(scripts, { analytics: true, marketing: true }, (s) => appended.push(s), loaded);
    expect(appended).toEqual(['https://analytics.example.com/a.js', 'https://analytics.example.com/b.js', 'https://ads.example.com/m.js']);
  });

  it('ships with no optional scripts configured', () => {
    expect(consentScripts).toEqual([]);
  });
});
