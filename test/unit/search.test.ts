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
