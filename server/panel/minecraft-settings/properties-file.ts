/**
 * server.properties as Java reads it (java.util.Properties: `key=value`, `key: value` or
 * `key value`, `#` and `!` comments, backslash escapes, a trailing backslash continuing the line),
 * edited in place: the lines of the keys that change are rewritten, every other byte stays as it
 * was, comments and keys we do not know included (docs/decisions.md 111).
 */

interface Entry {
  /** The logical line's text, its continuation lines and line ending included. */
  raw: string;
  key?: string;
  value?: string;
}

const unescapes: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescapeJava(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/gs, (_whole, code: string) => {
    if (code.length === 5) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    return unescapes[code] ?? code;
  });
}

/** A value as Properties.store writes it: a backslash doubled, separators and comment marks escaped, anything beyond ASCII as \uXXXX (read alike in ISO-8859-1 and UTF-8). */
export function escapeValue(value: string): string {
  let out = '';
  // By UTF-16 unit, as Java writes them: a character beyond the BMP becomes its two \\u escapes.
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    const code = value.charCodeAt(index);
    if (char === '\\') out += '\\\\';
    else if (char === ' ' && index === 0) out += '\\ ';
    else if ('=:#!'.includes(char)) out += `\\${char}`;
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += char;
  }
  return out;
}

/** Whether a physical line ends in an odd number of backslashes (it continues on the next). */
function continues(line: string): boolean {
  const match = /\\+$/.exec(line);
  return match !== null && match[0].length % 2 === 1;
}

function parseLogical(text: string): { key: string; value: string } | undefined {
  // Continuation: the backslash and newline go, and the next line's leading white space.
  const joined = text.replace(/\\(\r\n|\r|\n)[ \t\f]*/g, (whole, _newline, offset: number, all: string) => {
    const before = /\\*$/.exec(all.slice(0, offset))![0].length;
    return before % 2 === 0 ? '' : whole;
  });
  const line = joined.replace(/(\r\n|\r|\n)$/, '').replace(/^[ \t\f]+/, '');
  if (line === '' || line.startsWith('#') || line.startsWith('!')) return undefined;
  let index = 0;
  let key = '';
  while (index < line.length) {
    const char = line[index]!;
    if (char === '\\' && index + 1 < line.length) {
      key += line.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === '=' || char === ':' || char === ' ' || char === '\t' || char === '\f') break;
    key += char;
    index += 1;
  }
  let rest = line.slice(index).replace(/^[ \t\f]*/, '');
  if (rest.startsWith('=') || rest.startsWith(':')) rest = rest.slice(1).replace(/^[ \t\f]*/, '');
  return { key: unescapeJava(key), value: unescapeJava(rest) };
}

export class PropertiesFile {
  private readonly entries: Entry[];
  private readonly newline: string;

  constructor(text: string) {
    this.newline = /\r\n/.test(text) ? '\r\n' : '\n';
    this.entries = [];
    const lines = text.match(/[^\r\n]*(\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
    for (let index = 0; index < lines.length; index += 1) {
      let raw = lines[index]!;
      while (continues(raw.replace(/(\r\n|\r|\n)$/, '')) && /(\r\n|\r|\n)$/.test(raw) && index + 1 < lines.length) {
        index += 1;
        raw += lines[index]!;
      }
      const parsed = parseLogical(raw);
      this.entries.push(parsed ? { raw, ...parsed } : { raw });
    }
  }

  /** The value of a key (the last line that sets it, as Properties reads), or undefined. */
  get(key: string): string | undefined {
    for (let index = this.entries.length - 1; index >= 0; index -= 1) {
      const entry = this.entries[index]!;
      if (entry.key === key) return entry.value;
    }
    return undefined;
  }

  /** Every key and value, as Java would read them. */
  values(): Map<string, string> {
    const map = new Map<string, string>();
    for (const entry of this.entries) if (entry.key !== undefined) map.set(entry.key, entry.value!);
    return map;
  }

  /** Sets a key: its (last) line is rewritten with the same ending; a new key is added at the end. */
  set(key: string, value: string): void {
    if (this.get(key) === value) return;
    const line = `${escapeKey(key)}=${escapeValue(value)}`;
    for (let index = this.entries.length - 1; index >= 0; index -= 1) {
      const entry = this.entries[index]!;
      if (entry.key !== key) continue;
      const ending = /(\r\n|\r|\n)$/.exec(entry.raw)?.[0] ?? '';
      this.entries[index] = { raw: `${line}${ending}`, key, value };
      return;
    }
    const last = this.entries.at(-1);
    if (last && !/(\r\n|\r|\n)$/.test(last.raw)) last.raw += this.newline;
    this.entries.push({ raw: `${line}${this.newline}`, key, value });
  }

  toString(): string {
    return this.entries.map((entry) => entry.raw).join('');
  }
}

function escapeKey(key: string): string {
  return escapeValue(key).replace(/ /g, '\\ ');
}
