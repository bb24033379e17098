/**
 * Text from visitors, made safe to lay out on a page. React already escapes HTML; what is left
 * are characters that are invisible or that change how the text around them is drawn: control
 * characters (a carriage return, an escape sequence), Unicode's bidirectional overrides and
 * isolates (which can flip the order of what follows, even outside the message) and invisible
 * format characters (a zero-width space hides a word from a search). Each is shown as a
 * visible code, U+202E, instead; nothing is dropped, so staff see exactly what was sent.
 * Line breaks and tabs are kept in a message body; in a one-line field they are shown as codes.
 * (For a terminal, server/lib/terminal-text.ts does the same job.)
 */

export type TextPiece = { text: string } | { code: string };

// C0 controls, DEL, C1 controls, the Arabic letter mark, zero-width space, LRM and RLM, the
// line and paragraph separators, the bidi embeddings, overrides and isolates, word joiner and
// invisible operators, and the byte order mark. ZWNJ and ZWJ (U+200C, U+200D) stay: scripts and
// emoji need them and they move nothing.
export const hiddenCharacters = /[\x00-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

function codeOf(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text as pieces to draw: plain runs, and a code for each hidden character. With
 * `multiline`, line breaks (\n, \r\n) and tabs stay as they are.
 */
export function visiblePieces(text: string, options: { multiline?: boolean } = {}): TextPiece[] {
  const source = options.multiline ? text.replace(/\r\n/g, '\n') : text;
  const pieces: TextPiece[] = [];
  let start = 0;
  for (const match of source.matchAll(hiddenCharacters)) {
    const char = match[0];
    if (options.multiline && (char === '\n' || char === '\t')) continue;
    if (match.index > start) pieces.push({ text: source.slice(start, match.index) });
    pieces.push({ code: codeOf(char) });
    start = match.index + 1;
  }
  if (start < source.length) pieces.push({ text: source.slice(start) });
  return pieces;
}

/** The same as one string (for a title or an attribute): each hidden character as [U+XXXX]. */
export function visibleString(text: string): string {
  return visiblePieces(text)
    .map((piece) => ('code' in piece ? `[${piece.code}]` : piece.text))
    .join('');
}
