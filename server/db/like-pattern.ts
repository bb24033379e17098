/**
 * A LIKE pattern for "contains this text" (used with `escape '\'`): `%`, `_` and `\` typed by a
 * person match themselves, not any text. The contact messages' and the support inbox's
 * searches both use it.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
