/** The header search's words (the index itself is src/data/search-items.ts, fetched on first use). */
export const searchTexts = {
  label: 'Search the site',
  placeholder: 'Search plans, pages, help…',
  /** Under the box when nothing matches the query. */
  noMatch: (query: string) => `Nothing matches “${query}”. Try fewer or other words, such as “minecraft 8gb” or “vps”.`,
} as const;
