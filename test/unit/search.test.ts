import { describe, expect, it } from 'vitest';
import { allPages } from '../../src/data/pages.ts';
import { searchIndex } from '../../src/data/search-items.ts';
import { searchMatches } from '../../src/lib/search.ts';

const items = [
  { title: 'Minecraft Hosting', description: 'High-performance servers on AMD EPYC' },
  { title: 'VPS Hosting', description: 'Virtual private servers' },
  { title: 'Knowledge Base', description: 'Guides and answers' },
];

describe('header search matching (docs/decisions.md 19)', () => {
  it('finds nothing under 2 characters', () => {
    expect(searchMatches('', items)).toEqual([]);
    expect(searchMatches('m', items)).toEqual([]);
    expect(searchMatches(' v ', items)).toEqual([]);
  });

  it('matches a case-insensitive substring of the title', () => {
    expect(searchMatches('mInEcR', items).map((i) => i.title)).toEqual(['Minecraft Hosting']);
  });

  it('matches a substring of the description', () => {
    expect(searchMatches('epyc', items).map((i) => i.title)).toEqual(['Minecraft Hosting']);
    expect(searchMatches('PRIVATE', items).map((i) => i.title)).toEqual(['VPS Hosting']);
  });

  it('returns every match, in order, and nothing for no match', () => {
    expect(searchMatches('hosting', items).map((i) => i.title)).toEqual(['Minecraft Hosting', 'VPS Hosting']);
    expect(searchMatches('zzz', items)).toEqual([]);
  });

  it('matches every word of the query in any order, across title, description and keywords, a number and its unit either way', () => {
    const plans = [
      { title: 'Budget VPS 3', description: '$19.99/month: 4 vCPU, 8 GB RAM, 120 GB NVMe SSD', keywords: 'Budget VPS vps 4 TB bandwidth' },
      { title: 'Minecraft Intel – Ultra', description: '₹339/month: 3 vCores Intel Xeon, 8 GB RAM', keywords: 'Minecraft Intel minecraft' },
      { title: 'Panel VPS 1', description: '$14.99/month: 2 vCPU, 4 GB RAM', keywords: 'Panel VPS vps Up to 3 game servers' },
    ];
    expect(searchMatches('vps 8gb', plans).map((i) => i.title)).toEqual(['Budget VPS 3']);
    expect(searchMatches('8 GB vps', plans).map((i) => i.title)).toEqual(['Budget VPS 3']);
    expect(searchMatches('8gb', plans).map((i) => i.title)).toEqual(['Budget VPS 3', 'Minecraft Intel – Ultra']);
    expect(searchMatches('game servers', plans).map((i) => i.title)).toEqual(['Panel VPS 1']);
    expect(searchMatches('vps 64gb', plans)).toEqual([]);
  });

  it('finds the 8 GB VPS plans in the real index', () => {
    const found = searchMatches('vps 8gb', searchIndex);
    expect(found.length).toBeGreaterThan(0);
    for (const item of found) expect(`${item.title} ${item.description} ${item.keywords}`).toMatch(/8 GB/);
    expect(found.some((i) => i.title === 'Budget VPS 3')).toBe(true);
    expect(searchMatches('zzzz', searchIndex)).toEqual([]);
  });

  it('indexes the three fixed suggestions first, then every page (docs/decisions.md 8)', () => {
    expect(searchIndex.slice(0, 3).map((i) => i.url)).toEqual(['/minecraft-amd', '/vps', '/knowledge']);
    for (const page of allPages)
      expect(
        searchIndex.some((i) => i.url === page.path && i.title === page.title),
        page.path,
      ).toBe(true);
    expect(new Set(searchIndex.map((i) => i.id)).size).toBe(searchIndex.length);
  });

  it('finds every page by its title', () => {
    for (const page of allPages) {
      if (page.title.trim().length < 2) continue;
      expect(
        searchMatches(page.title, searchIndex).some((i) => i.url === page.path),
        page.title,
      ).toBe(true);
    }
  });
});
