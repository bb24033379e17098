/**
 * The server's field message for one place of the document (`help.faqs.3.answer`), or for any
 * field inside it (`plans.2.plans.0.specs.1.value` under `plans.2.plans.0.specs`).
 */
export function fieldAt(fields: Readonly<Record<string, string>>, path: string): string | undefined {
  const key = Object.keys(fields).find((k) => k === path || k.startsWith(`${path}.`));
  return key ? fields[key] : undefined;
}

/** A list with one item replaced. */
export function replaced<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((x, i) => (i === index ? item : x));
}

/** A list with the items at two places swapped (moving one item past its neighbour); as it was when either is outside. */
export function swapped<T>(list: readonly T[], a: number, b: number): T[] {
  if (a < 0 || b < 0 || a >= list.length || b >= list.length) return [...list];
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

/** A list without the item at one place. */
export function without<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** An id made of words ("How do I start?" → "how-do-i-start"), not yet among `taken`. */
export function freshId(words: string, taken: readonly string[], fallback: string): string {
  const base =
    words
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || fallback;
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** Text typed as a comma-separated list, as the list it holds. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
