import { describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeLines } from '../../server/lib/terminal-text.ts';

const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('terminalSafe', () => {
  it.each([
    ['clear screen', '\x1b[2J\x1b[H', '\\e[2J\\e[H'],
    ['window title (OSC 0, BEL)', '\x1b]0;pwned\x07', '\\e]0;pwned\\x07'],
    ['hyperlink (OSC 8, ST)', '\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\', '\\e]8;;https://evil.example\\e\\\\click\\e]8;;\\e\\\\'],
    ['carriage return overwrite', 'ok\rFAKE', 'ok\\rFAKE'],
    ['C1 CSI', '\x9b31m', '\\x9b31m'],
    ['bidi override', 'invoice\u202etxt.exe', 'invoice\\u202etxt.exe'],
    ['NUL and DEL', 'a\x00b\x7f', 'a\\x00b\\x7f'],
    ['a backslash the sender wrote', 'C:\\e', 'C:\\\\e'],
    ['plain text', 'Hello, world: 100% ok', 'Hello, world: 100% ok'],
    ['non-Latin text', 'नमस्ते — ça va?', 'नमस्ते — ça va?'],
  ])('%s', (_name, input, shown) => {
    expect(terminalSafe(input)).toBe(shown);
    expect(terminalSafe(input)).not.toMatch(controls);
  });

  it('escapes line breaks on one line, keeps them between lines', () => {
    expect(terminalSafe('a\nb')).toBe('a\\nb');
    expect(terminalSafeLines('a\r\nb\nc\rd\x1b[1A')).toBe('a\nb\nc\\rd\\e[1A');
  });
});
