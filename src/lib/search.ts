/** The search box opens suggestions from this many characters on (spec section 9). */
export const searchMinLength = 2;

export interface Searchable {
  title: string;
  description: string;
}

/**
 * Spec sections 4 and 5: case-insensitive substring of title or description, only when the
 * query has 2 or more characters.
 */
export function searchMatches<T extends Searchable>(query: string, items: readonly T[]): T[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < searchMinLength) return [];
  return items.filter((item) => item.title.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle));
}
