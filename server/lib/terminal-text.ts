/**
 * Text from visitors, customers or remote systems, made safe to print on an operator's
 * terminal: every control character is shown as a visible escape instead of being obeyed, so a
 * message cannot move the cursor, rewrite what is on screen (carriage return, ANSI CSI), set the
 * window title or a clipboard, or hide a link (OSC), or flip the reading order (bidi controls).
 * Backslashes are doubled, so `\x1b` written by a sender is told apart from one we wrote.
 */

// C0 controls, DEL, C1 controls, and the Unicode bidirectional and invisible format characters.
const unsafe = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\\]/g;
const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\x1b': '\\e', '\\': '\\\\' };

function visible(char: string): string {
  const known = named[char];
  if (known) return known;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line: every control character escaped, line breaks included. */
export function terminalSafe(text: string): string {
  return text.replace(unsafe, visible);
}

/** Several lines (a message body): line breaks kept as breaks, everything else escaped. */
export function terminalSafeLines(text: string): string {
  return text
    .split(/\r\n|\n/)
    .map(terminalSafe)
    .join('\n');
}
