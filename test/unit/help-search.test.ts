import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchHelp } from '../../src/components/help/help-index.ts';
import { createHelpSearch, helpSearchDelayMs, helpSearchRuns, noMatchMessage } from '../../src/components/help/help-search.ts';
import { help, helpEntries } from '../../src/data/help.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';

const entries = [
  { id: 'a', question: 'How do I create a Minecraft server?', answer: 'Choose a plan and order it.' },
  { id: 'b', question: 'How does DDoS protection work?', answer: 'Always-on mitigation up to 1 Tbps.' },
  { id: 'c', question: 'Which payment methods do you accept?', answer: 'Visa, Mastercard, PayPal, Google Pay and UPI.' },
];

describe('help search matching', () => {
  const all = helpEntries();
  const ids = (query: string) => matchHelp(query, all).map((e) => e.id);

  it('answers the questions people actually ask with the right entry first', () => {
    expect(ids('refund')[0]).toBe('billing-refund');
    expect(ids('how much RAM do I need for 20 players')[0]).toBe('minecraft-ram');
    expect(ids('my server is lagging')[0]).toBe('technical-lag');
    expect(ids('can I get my money back')[0]).toBe('billing-refund');
    expect(ids('how do i install mods')[0]).toBe('minecraft-plugins');
    expect(ids('backup my world')[0]).toBe('security-backups');
    expect(ids('am I protected against ddos attacks')[0]).toBe('security-ddos');
    expect(ids('host a discord bot')[0]).toBe('discord-bot');
    expect(ids('move my server from another host')[0]).toBe('minecraft-move');
    expect(['billing-payment', 'kb-payment-methods']).toContain(ids('which payment methods')[0]);
    expect(ids('my server keeps crashing')[0]).toBe('technical-wont-start');
    expect(ids('talk to a human')[0]).toBe('support-person');
  });

  it('stems, tolerates a typo and completes a prefix', () => {
    expect(ids('refunds')[0]).toBe('billing-refund');
    expect(ids('lagg')[0]).toBe('technical-lag');
    expect(ids('discrod bot')[0]).toBe('discord-bot');
    expect(ids('plug')).toContain('minecraft-plugins');
  });

  it('ignores the small words of a question and leaves out entries that share only a side word', () => {
    expect(ids('how do I')).toEqual([]);
    const lag = ids('my server is lagging');
    expect(lag).not.toContain('minecraft-create');
    expect(lag.length).toBeLessThanOrEqual(3);
  });

  it('finds nothing for an unknown term, and nothing at 2 characters', () => {
    expect(ids('kubernetes')).toEqual([]);
    expect(ids('xyzzy plover')).toEqual([]);
    expect(helpSearchRuns('dd')).toBe(false);
    expect(helpSearchRuns('  dd  ')).toBe(false);
    expect(helpSearchRuns('ddo')).toBe(true);
  });

  it('covers the help FAQs and the whole knowledge base, each entry found among the first two by its own question (docs/decisions.md 8)', () => {
    // Two, because a FAQ and a knowledge base article may ask the same question in other words.
    expect(all).toHaveLength(help.faqs.length + knowledgeBase.length);
    for (const entry of all) expect(matchHelp(entry.question, all).slice(0, 2), entry.question).toContain(entry);
  });

  it('has articles in every help category', () => {
    for (const category of help.categories) expect(help.faqs.filter((f) => f.category === category.id).length, category.id).toBeGreaterThanOrEqual(2);
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
    const search = createHelpSearch(async () => entries, {
      onLoading: (l) => loading.push(l),
      onResult: (query, matches) => results.push({ query, ids: matches.map((m) => m.id) }),
    });
    return { search, loading, results };
  }

  it('shows the loading indicator for 1 s, then answers', async () => {
    const { search, loading, results } = setup();
    search.input('ddos');
    expect(loading).toEqual([true]);
    await vi.advanceTimersByTimeAsync(helpSearchDelayMs - 1);
    expect(results).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(loading).toEqual([true, false]);
    expect(results).toEqual([{ query: 'ddos', ids: ['b'] }]);
  });

  it('does not search 2 characters or fewer', async () => {
    const { search, loading, results } = setup();
    search.input('dd');
    await vi.advanceTimersByTimeAsync(5000);
    expect(loading).toEqual([false]);
    expect(results).toEqual([]);
  });

  it('restarts the wait on each keystroke and answers once, for the last text', async () => {
    const { search, results } = setup();
    search.input('ddo');
    await vi.advanceTimersByTimeAsync(600);
    search.input('ddos');
    await vi.advanceTimersByTimeAsync(600);
    expect(results).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    expect(results).toEqual([{ query: 'ddos', ids: ['b'] }]);
  });

  it('reports an empty result for no match, and shortening the text cancels a pending search', async () => {
    const { search, loading, results } = setup();
    search.input('zzzz');
    await vi.advanceTimersByTimeAsync(1000);
    expect(results).toEqual([{ query: 'zzzz', ids: [] }]);
    search.input('ddos');
    search.input('dd');
    await vi.advanceTimersByTimeAsync(2000);
    expect(results).toHaveLength(1);
    expect(loading.at(-1)).toBe(false);
    search.input('ddos');
    search.cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(results).toHaveLength(1);
  });
});
