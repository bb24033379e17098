/** The search box opens suggestions from this many characters on (docs/decisions.md 19). */
export const searchMinLength = 2;

export interface Searchable {
  title: string;
  description: string;
}

/**
 * docs/decisions.md 19: case-insensitive substring of title or description, only when the
 * query has 2 or more characters.
 */
export function searchMatches<T extends Searchable>(query: string, items: readonly T[]): T[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < searchMinLength) return [];
  return items.filter((item) => item.title.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle));
}
