import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtSiteJs, siteReader } from '../../scripts/built-site-js.ts';
import { overBudget } from '../../scripts/js-budget-check.ts';
import { jsBudgets } from '../../scripts/js-budgets.ts';
import { routeJs, type SiteReader, staticImports } from '../../scripts/route-js.ts';
import { distDir, htmlFileOf, requireBuild } from '../helpers/built-site.ts';

/** A made-up build: site path → contents. */
function reader(files: Record<string, string | Buffer>): SiteReader {
  return (sitePath) => {
    const content = files[sitePath];
    return content === undefined ? undefined : Buffer.from(content);
  };
}

/** Bytes that gzip cannot shrink, so a module's gzip size is about its length. */
const incompressible = (bytes: number) => `export const data = "${randomBytes(bytes).toString('base64')}";`;

describe('the JavaScript budget of every built route (docs/decisions.md 87)', () => {
  it('holds each route and each module it loads before interaction to scripts/js-budgets.ts', () => {
    requireBuild();
    const pages = builtSiteJs(distDir);
    expect(pages.length).toBeGreaterThan(25);
    const problems = pages.flatMap((page) => overBudget(page, jsBudgets));
    expect(problems).toEqual([]);
  });

  it('keeps React off the home page until the first interaction', () => {
    requireBuild();
    const home = builtSiteJs(distDir).find((page) => page.route === '/')!;
    expect(home.modules.map((m) => m.name)).not.toContain('client.js');
    expect(home.gzip).toBeLessThanOrEqual(60 * 1024);
  });
});

describe('the budget check', () => {
  it('fails naming the route and the module when a page of the real build loads one more big module', () => {
    requireBuild();
    const html = fs.readFileSync(htmlFileOf('/'), 'utf8').replace('</head>', '<script type="module" src="/_astro/Grown.AbCd1234.js"></script></head>');
    const built = siteReader(distDir);
    const read: SiteReader = (sitePath) =>
      sitePath === '/_astro/Grown.AbCd1234.js'
        ? Buffer.from('import"./Heavy.Zz9Yy8Xx.js";')
        : sitePath === '/_astro/Heavy.Zz9Yy8Xx.js'
          ? Buffer.from(incompressible(40_000))
          : built(sitePath);
    const problems = overBudget(routeJs('/', html, read), jsBudgets);
    expect(problems.some((p) => p.startsWith('/: module Heavy.js (/_astro/Heavy.Zz9Yy8Xx.js) is') && p.includes('over its budget of 5.0 KB'))).toBe(true);
    expect(problems.some((p) => p.startsWith('/: loads') && p.includes('over its budget of 6.7 KB') && p.includes('largest: Heavy.js'))).toBe(true);
  });

  it('fails naming a module of the real build that grew', () => {
    requireBuild();
    const html = fs.readFileSync(htmlFileOf('/'), 'utf8');
    const built = siteReader(distDir);
    const before = routeJs('/', html, built);
    const largest = before.modules.find((m) => m.url !== 'inline')!;
    const grown: SiteReader = (sitePath) =>
      sitePath === largest.url ? Buffer.concat([built(sitePath)!, Buffer.from(incompressible(8_000))]) : built(sitePath);
    const problems = overBudget(routeJs('/', html, grown), jsBudgets);
    expect(overBudget(before, jsBudgets)).toEqual([]);
    expect(problems.some((p) => p.startsWith(`/: module ${largest.name} (${largest.url})`))).toBe(true);
  });

  it('counts inline scripts, module scripts and their static imports, and islands that hydrate without the visitor', () => {
    const html = [
      '<script type="application/ld+json">{"a":1}</script>',
      '<script>console.log("inline")</script>',
      '<script type="module" src="/_astro/page.AAAAAAAA.js"></script>',
      '<script src="https://cdn.example.com/x.js"></script>',
      '<astro-island component-url="/_astro/Idle.BBBBBBBB.js" renderer-url="/_astro/client.CCCCCCCC.js" client="idle"></astro-island>',
      '<astro-island component-url="/_astro/Seen.DDDDDDDD.js" renderer-url="/_astro/client.CCCCCCCC.js" client="visible"></astro-island>',
      '<astro-island component-url="/_astro/Tap.EEEEEEEE.js" renderer-url="/_astro/client.CCCCCCCC.js" client="interaction"></astro-island>',
    ].join('\n');
    const page = routeJs(
      '/x',
      html,
      reader({
        '/_astro/page.AAAAAAAA.js': 'import{a as b}from"./shared.FFFFFFFF.js";export*from"./more.GGGGGGGG.js";const later=()=>import("./Lazy.HHHHHHHH.js");',
        '/_astro/shared.FFFFFFFF.js': 'export const a=1;',
        '/_astro/more.GGGGGGGG.js': 'export const m=2;',
        '/_astro/Idle.BBBBBBBB.js': 'import"./shared.FFFFFFFF.js";',
        '/_astro/client.CCCCCCCC.js': 'export default 1;',
      }),
    );
    expect(page.modules.map((m) => m.name).sort()).toEqual(['Idle.js', 'client.js', 'inline:console.log("inline")', 'more.js', 'page.js', 'shared.js']);
    expect(page.gzip).toBe(page.modules.reduce((sum, m) => sum + m.gzip, 0));
  });

  it('fails loudly when a page names a script the build does not have', () => {
    expect(() => routeJs('/x', '<script type="module" src="/_astro/gone.AAAAAAAA.js"></script>', reader({}))).toThrow('/x loads /_astro/gone.AAAAAAAA.js');
  });

  it('reads static imports and re-exports, never a dynamic import()', () => {
    expect(staticImports('import{a}from"./a.js";import"./b.js";export{c}from"./c.js";import("./d.js");x.import("./e.js")').sort()).toEqual([
      './a.js',
      './b.js',
      './c.js',
    ]);
  });
});
