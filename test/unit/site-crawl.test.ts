import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, decodeEntities, distDir, requireBuild } from '../helpers/built-site.ts';

/**
 * Links to what the server answers itself rather than a built file: the status feed and the
 * public JSON of the status API (test/server covers them).
 */
const serverAnswered = new Set(['/network-status/feed.atom', '/api/status/history']);

/** Does a site path ("/about", "/_astro/x.js", "/logos/amd.svg") resolve to a built file, or to a route the server answers? */
function resolves(sitePath: string): boolean {
  const clean = decodeURIComponent(sitePath.split(/[?#]/)[0]!);
  if (serverAnswered.has(clean)) return true;
  if (clean === '/') return fs.existsSync(path.join(distDir, 'index.html'));
  const target = path.join(distDir, clean);
  if (!target.startsWith(distDir)) return false;
  return (fs.existsSync(target) && fs.statSync(target).isFile()) || fs.existsSync(path.join(target, 'index.html'));
}

/** Every internal URL a built page refers to: href/src attributes, and site paths in island props. */
function internalUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/\s(?:href|src|component-url|renderer-url|before-hydration-url)="(\/(?!\/)[^"]*)"/g)) urls.add(decodeEntities(m[1]!));
  // Island props are JSON in an attribute: links appear as "href"|"url"|"src": [0,"/path"].
  for (const m of html.matchAll(/\sprops="([^"]*)"/g)) {
    for (const p of decodeEntities(m[1]!).matchAll(/"(?:href|url|src)":\[0,"(\/(?!\/)[^"]*)"\]/g)) urls.add(p[1]!);
  }
  // Module imports between built scripts are checked through the files they name.
  return [...urls];
}

/** The help assistant's articles and texts, fetched when it first opens (not in any page's HTML). */
const helpAssistantJson = 'help-assistant.json';

/** Every internal URL in a built JSON file: its "url" and "href" values that are site paths. */
function jsonUrls(json: string): string[] {
  return [...new Set([...json.matchAll(/"(?:href|url|src)":"(\/(?!\/)[^"]*)"/g)].map((m) => m[1]!))];
}

describe('a crawl of the built site', () => {
  it('finds no broken internal link on any page', () => {
    requireBuild();
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(20);
    const broken: string[] = [];
    let checked = 0;
    for (const [route, file] of pages) {
      for (const url of internalUrls(fs.readFileSync(file, 'utf8'))) {
        checked += 1;
        if (!resolves(url)) broken.push(`${route} → ${url}`);
      }
    }
    for (const url of jsonUrls(fs.readFileSync(path.join(distDir, helpAssistantJson), 'utf8'))) {
      checked += 1;
      if (!resolves(url)) broken.push(`/${helpAssistantJson} → ${url}`);
    }
    expect(checked).toBeGreaterThan(pages.length * 10);
    expect(broken).toEqual([]);
  });

  it('knows a broken link when it sees one', () => {
    expect(resolves('/no-such-page')).toBe(false);
    expect(resolves('/about#team')).toBe(true);
    expect(resolves('/contact?subject=Application:%20Linux%20Systems%20Engineer')).toBe(resolves('/contact'));
  });

  it("reads the links of the help assistant's answers, which it fetches when opened", () => {
    requireBuild();
    const urls = jsonUrls(fs.readFileSync(path.join(distDir, helpAssistantJson), 'utf8'));
    expect(urls).toContain('/knowledge#world-transfer');
    expect(urls).toContain('/minecraft-tools');
  });

  it("reads the links inside island props (the Control Panel page's help links)", () => {
    requireBuild();
    const html = fs.readFileSync(path.join(distDir, 'control-panel', 'index.html'), 'utf8');
    // The islands' props alone, without the page's own href attributes.
    const props = [...html.matchAll(/\sprops="[^"]*"/g)].map((m) => m[0]).join('');
    expect(internalUrls(props)).toContain('/knowledge');
  });

  it('every script the pages load imports only built files', () => {
    requireBuild();
    const astroDir = path.join(distDir, '_astro');
    const missing: string[] = [];
    for (const name of fs.readdirSync(astroDir).filter((n) => n.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(astroDir, name), 'utf8');
      for (const m of code.matchAll(/(?:import|from)\s*\(?\s*"(\.\/[^"]+\.js)"/g)) {
        if (!fs.existsSync(path.join(astroDir, m[1]!))) missing.push(`${name} → ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
