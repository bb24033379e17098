// The help assistant's ranking (docs/decisions.md 45): a full-text index (MiniSearch, BM25) over
// the question, the keywords and the answer, with English stemming ("lagging" finds "lag",
// "refunds" finds "refund"), typo tolerance and prefixes, and the common words of a question
// ("how much do I need for") left out so they match nothing. Loaded by the search only once the
// visitor types (a dynamic import), so no page carries it before.
import MiniSearch, { type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';

export interface Searchable {
  id: string;
  question: string;
  answer: string;
  keywords?: readonly string[];
}

/** Words that say nothing about the topic of a question. */
const stopWords = new Set(
  (
    'a about after all also am an and any are as at be been before but by can could did do does doing for from get got had has have how i if in into is it ' +
    'its just me more most much my need needs no not of on or our please so some than that the their them then there these they this to too us want was we ' +
    'what when where which who why will with would you your'
  ).split(' '),
);

/** Results scoring below this share of the best one are left out: they matched a side word only. */
const relativeCutoff = 0.3;

function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (stopWords.has(word)) return null;
  return /^\p{L}+$/u.test(word) ? stemmer(word) : word;
}

/** The index over the entries; `match` answers their best matches for a query, best first. */
export function createHelpIndex<T extends Searchable>(entries: readonly T[]) {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const index = new MiniSearch<{ id: string; question: string; answer: string; keywords: string }>({
    fields: ['question', 'keywords', 'answer'],
    processTerm,
    searchOptions: {
      boost: { question: 3, keywords: 3, answer: 1 },
      // Typos: one edit in words of 5+ letters, two in 9+; prefixes from 4 letters ("plug" → plugins).
      fuzzy: (term) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : false),
      prefix: (term) => term.length >= 4,
      weights: { fuzzy: 0.3, prefix: 0.5 },
    },
  });
  index.addAll(entries.map((e) => ({ id: e.id, question: e.question, answer: e.answer, keywords: (e.keywords ?? []).join(' ') })));
  return {
    match(query: string): T[] {
      const results: SearchResult[] = index.search(query);
      const best = results[0]?.score ?? 0;
      return results.filter((r) => r.score >= best * relativeCutoff).flatMap((r) => byId.get(r.id) ?? []);
    },
  };
}

/** The entries matching a query, best first (builds an index each call; for tests and one-off use). */
export function matchHelp<T extends Searchable>(query: string, entries: readonly T[]): T[] {
  return createHelpIndex(entries).match(query);
}
