import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHelpSearch, helpSearchDelayMs, helpSearchRuns, matchHelp, noMatchMessage } from '../../src/components/help/help-search.ts';
import { help, helpEntries } from '../../src/data/help.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';

const entries = [
  { id: 'a', question: 'How do I create a Minecraft server?', answer: 'Choose a plan and order it.' },
  { id: 'b', question: 'How does DDoS protection work?', answer: 'Always-on mitigation up to 1 Tbps.' },
  { id: 'c', question: 'Which payment methods do you accept?', answer: 'Visa, Mastercard, PayPal, Google Pay and UPI.' },
];

describe('help search matching', () => {
  it('runs only when the text is longer than 2 characters', () => {
    expect(helpSearchRuns('')).toBe(false);
    expect(helpSearchRuns('dd')).toBe(false);
    expect(helpSearchRuns('  dd  ')).toBe(false);
    expect(helpSearchRuns('ddo')).toBe(true);
    expect(matchHelp('pa', entries)).toEqual([]);
    expect(matchHelp('upi', entries).map((e) => e.id)).toEqual(['c']);
  });

  it('matches a case-insensitive substring of the question or the answer', () => {
    expect(matchHelp('MINECRAFT', entries).map((e) => e.id)).toEqual(['a']);
    expect(matchHelp('1 tbps', entries).map((e) => e.id)).toEqual(['b']);
    expect(matchHelp('how d', entries).map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('falls back to entries containing every word of the query', () => {
    expect(matchHelp('ddos mitigation work', entries).map((e) => e.id)).toEqual(['b']);
    expect(matchHelp('paypal minecraft', entries)).toEqual([]);
  });

  it('finds nothing for an unknown term', () => {
    expect(matchHelp('kubernetes', entries)).toEqual([]);
  });

  it('covers the help FAQs and the whole knowledge base, each entry found by its question (docs/decisions.md 8)', () => {
    const all = helpEntries();
    expect(all).toHaveLength(help.faqs.length + knowledgeBase.length);
    for (const entry of all) expect(matchHelp(entry.question, all), entry.question).toContain(entry);
  });

  it('links every knowledge base answer to its place on /knowledge', () => {
    const fromKnowledge = helpEntries().filter((e) => e.source === 'knowledge');
    expect(fromKnowledge.map((e) => e.links.map((l) => l.url))).toEqual(knowledgeBase.map((k) => [`/knowledge#${k.id}`]));
  });

  it('quotes the query in the no-match message', () => {
    expect(noMatchMessage('xyzzy')).toBe(
      'I couldn\'t find any exact matches for "xyzzy". You can browse the help categories, contact our support team, or try a different search term.',
    );
  });
});

describe('help search timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const loading: boolean[] = [];
    const results: { query: string; ids: string[] }[] = [];
    const search = createHelpSearch(entries, {
      onLoading: (l) => loading.push(l),
      onResult: (query, matches) => results.push({ query, ids: matches.map((m) => m.id) }),
    });
    return { search, loading, results };
  }

  it('shows the loading indicator for 1 s, then answers', () => {
    const { search, loading, results } = setup();
    search.input('ddos');
    expect(loading).toEqual([true]);
    vi.advanceTimersByTime(helpSearchDelayMs - 1);
    expect(results).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loading).toEqual([true, false]);
    expect(results).toEqual([{ query: 'ddos', ids: ['b'] }]);
  });

  it('does not search 2 characters or fewer', () => {
    const { search, loading, results } = setup();
    search.input('dd');
    vi.advanceTimersByTime(5000);
    expect(loading).toEqual([false]);
    expect(results).toEqual([]);
  });

  it('restarts the wait on each keystroke and answers once, for the last text', () => {
    const { search, results } = setup();
    search.input('ddo');
    vi.advanceTimersByTime(600);
    search.input('ddos');
    vi.advanceTimersByTime(600);
    expect(results).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(results).toEqual([{ query: 'ddos', ids: ['b'] }]);
  });

  it('reports an empty result for no match, and shortening the text cancels a pending search', () => {
    const { search, loading, results } = setup();
    search.input('zzzz');
    vi.advanceTimersByTime(1000);
    expect(results).toEqual([{ query: 'zzzz', ids: [] }]);
    search.input('ddos');
    search.input('dd');
    vi.advanceTimersByTime(2000);
    expect(results).toHaveLength(1);
    expect(loading.at(-1)).toBe(false);
    search.input('ddos');
    search.cancel();
    vi.advanceTimersByTime(2000);
    expect(results).toHaveLength(1);
  });
});
