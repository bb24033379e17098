/** The search box opens suggestions from this many characters on (docs/decisions.md 19). */
export const searchMinLength = 2;

export interface Searchable {
  title: string;
  description: string;
  /** More words that find the item without being shown (a plan's every spec). */
  keywords?: string;
}

/** Lower case, with a number joined to the unit after it ("8 GB" → "8gb"), so "8gb" and "8 GB" find each other. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/(\d)\s+(?=[a-z])/g, '$1');
}

/**
 * docs/decisions.md 19: every word of the query (2 or more characters in all), in any order, is a
 * case-insensitive part of the item's title, description or keywords.
 */
export function searchMatches<T extends Searchable>(query: string, items: readonly T[]): T[] {
  const needle = query.trim();
  if (needle.length < searchMinLength) return [];
  const words = normalise(needle).split(/\s+/);
  return items.filter((item) => {
    const text = normalise(`${item.title} ${item.description} ${item.keywords ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}
