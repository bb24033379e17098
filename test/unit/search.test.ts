import { describe, expect, it } from 'vitest';
import { searchIndex } from '../../src/data/search-items.ts';
import { searchMatches } from '../../src/lib/search.ts';

const items = [
  { title: 'Minecraft Hosting', description: 'High-performance servers on AMD EPYC' },
  { title: 'VPS Hosting', description: 'Virtual private servers' },
  { title: 'Knowledge Base', description: 'Guides and answers' },
];

describe('header search matching (spec sections 4 and 5)', () => {
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

  it('indexes the spec items first and every page', () => {
    expect(searchIndex.slice(0, 3).map((i) => i.url)).toEqual(['/minecraft-amd', '/vps', '/knowledge']);
    expect(searchIndex.some((i) => i.url === '/network-status')).toBe(true);
    expect(new Set(searchIndex.map((i) => i.id)).size).toBe(searchIndex.length);
  });
});
