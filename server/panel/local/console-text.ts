/**
 * Turns a process's raw output into console lines a browser can show: split on newlines, with
 * terminal overwrites (`\r`, cursor-to-column escapes such as the `\x1b[1G` readline writes)
 * applied, and every escape sequence except colours (SGR, `ESC[...m`) removed.
 */
export const maxLineLength = 8192;

/** A console line cut to maxLineLength characters, with an ellipsis to say so. */
export function capLine(line: string): string {
  return line.length > maxLineLength ? `${line.slice(0, maxLineLength)}…` : line;
}

// CSI sequences (ESC [ params final), OSC sequences (ESC ] ... BEL/ST), and two-byte escapes.
const escapeSequence = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
const controlChars = /[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f]/g;
const hasControlChar = /[\x00-\x08\x0b-\x1f\x7f]/;

export function cleanLine(raw: string): string {
  let line = raw.endsWith('\r') ? raw.replace(/\r+$/, '') : raw;
  // A carriage return or a "cursor to column" escape starts the visible line over.
  let lastReset = line.lastIndexOf('\r');
  if (line.includes('\x1b')) {
    for (const match of line.matchAll(/\x1b\[\d*G/g)) lastReset = Math.max(lastReset, match.index + match[0].length - 1);
  }
  if (lastReset >= 0) line = line.slice(lastReset + 1);
  if (!hasControlChar.test(line)) return capLine(line);
  line = line.replace(escapeSequence, (sequence) => (sequence.endsWith('m') && sequence.startsWith('\x1b[') ? sequence : ''));
  line = line.replace(controlChars, '');
  return capLine(line);
}

/** Colour codes removed too: the text a readyPattern is matched against. */
export function plainText(line: string): string {
  return line.replace(/\x1b\[[0-9;]*m/g, '');
}

/** Splits a stream into lines; feed() returns the complete lines, the rest waits for more. */
export class LineSplitter {
  private pending = '';

  feed(chunk: string): string[] {
    const text = this.pending + chunk;
    const parts = text.split('\n');
    this.pending = parts.pop() ?? '';
    if (this.pending.length > maxLineLength * 4) {
      parts.push(this.pending);
      this.pending = '';
    }
    return parts.map(cleanLine);
  }

  /** What is left when the stream ends. */
  flush(): string[] {
    const rest = this.pending;
    this.pending = '';
    return rest ? [cleanLine(rest)] : [];
  }
}
