/**
 * A small ANSI SGR parser for console lines: colours (16, 256 and 24-bit), bold, dim, italic and
 * underline. It returns text segments with styles; the console renders them as React text, so a
 * line is never interpreted as HTML.
 */
export interface AnsiStyle {
  color?: string;
  background?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
}

export interface AnsiSegment {
  text: string;
  style: AnsiStyle;
}

/** The 16 terminal colours, readable on the console's dark background. */
const basic = [
  '#4b5563',
  '#f87171',
  '#4ade80',
  '#facc15',
  '#60a5fa',
  '#e879f9',
  '#22d3ee',
  '#e5e7eb',
  '#9ca3af',
  '#fca5a5',
  '#86efac',
  '#fde047',
  '#93c5fd',
  '#f0abfc',
  '#67e8f9',
  '#ffffff',
];

function color256(n: number): string | undefined {
  if (n < 0 || n > 255) return undefined;
  if (n < 16) return basic[n];
  if (n >= 232) {
    const level = 8 + (n - 232) * 10;
    return `rgb(${level},${level},${level})`;
  }
  const i = n - 16;
  const steps = [0, 95, 135, 175, 215, 255];
  return `rgb(${steps[Math.floor(i / 36)]},${steps[Math.floor(i / 6) % 6]},${steps[i % 6]})`;
}

function apply(style: AnsiStyle, codes: number[]): AnsiStyle {
  const next = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code === 0) for (const key of Object.keys(next) as (keyof AnsiStyle)[]) delete next[key];
    else if (code === 1) next.bold = true;
    else if (code === 2) next.dim = true;
    else if (code === 3) next.italic = true;
    else if (code === 4) next.underline = true;
    else if (code === 22) {
      delete next.bold;
      delete next.dim;
    } else if (code === 23) delete next.italic;
    else if (code === 24) delete next.underline;
    else if (code >= 30 && code <= 37) next.color = basic[code - 30];
    else if (code >= 90 && code <= 97) next.color = basic[code - 90 + 8];
    else if (code === 39) delete next.color;
    else if (code >= 40 && code <= 47) next.background = basic[code - 40];
    else if (code >= 100 && code <= 107) next.background = basic[code - 100 + 8];
    else if (code === 49) delete next.background;
    else if (code === 38 || code === 48) {
      const target = code === 38 ? 'color' : 'background';
      let value: string | undefined;
      if (codes[i + 1] === 5) {
        value = color256(codes[i + 2] ?? -1);
        i += 2;
      } else if (codes[i + 1] === 2) {
        const [r, g, b] = [codes[i + 2], codes[i + 3], codes[i + 4]];
        if ([r, g, b].every((c) => c !== undefined && c >= 0 && c <= 255)) value = `rgb(${r},${g},${b})`;
        i += 4;
      }
      if (value) next[target] = value;
    }
  }
  return next;
}

const sgr = /\x1b\[([0-9;]*)m/g;
const otherEscapes = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b./g;

export function parseAnsi(line: string): AnsiSegment[] {
  const segments: AnsiSegment[] = [];
  let style: AnsiStyle = {};
  let last = 0;
  const push = (text: string) => {
    const clean = text.replace(otherEscapes, '');
    if (clean) segments.push({ text: clean, style });
  };
  for (const match of line.matchAll(sgr)) {
    push(line.slice(last, match.index));
    style = apply(
      style,
      (match[1] || '0').split(';').map((c) => Number(c || 0)),
    );
    last = match.index + match[0].length;
  }
  push(line.slice(last));
  return segments;
}
