import { describe, expect, it } from 'vitest';
import { visiblePieces, visibleString } from '../../src/lib/visible-text.ts';

describe('visitor text on a staff page', () => {
  it('keeps ordinary text, emoji and scripts that need joiners as they are', () => {
    for (const text of ['Hello, world', 'Größe & <b>bold</b>', 'مرحبا', '👨‍👩‍👧 family', 'می‌خواهم']) {
      expect(visiblePieces(text)).toEqual([{ text }]);
    }
    expect(visiblePieces('')).toEqual([]);
  });

  it('shows control, bidi and invisible characters as codes, dropping nothing', () => {
    expect(visiblePieces('a\x1b[2Jb')).toEqual([{ text: 'a' }, { code: 'U+001B' }, { text: '[2Jb' }]);
    expect(visiblePieces('\u202Egnp.exe')).toEqual([{ code: 'U+202E' }, { text: 'gnp.exe' }]);
    expect(visiblePieces('ref\u200Bund\u2066x\u2069')).toEqual([
      { text: 'ref' },
      { code: 'U+200B' },
      { text: 'und' },
      { code: 'U+2066' },
      { text: 'x' },
      { code: 'U+2069' },
    ]);
    expect(visiblePieces('\x00\x7f\x85\ufeff')).toEqual([{ code: 'U+0000' }, { code: 'U+007F' }, { code: 'U+0085' }, { code: 'U+FEFF' }]);
    expect(visibleString('over\rwrite')).toBe('over[U+000D]write');
  });

  it('keeps line breaks and tabs in a message body, and shows them as codes in a one-line field', () => {
    expect(visiblePieces('one\r\ntwo\n\tthree\rfour', { multiline: true })).toEqual([{ text: 'one\ntwo\n\tthree' }, { code: 'U+000D' }, { text: 'four' }]);
    expect(visiblePieces('Ann\nSmith')).toEqual([{ text: 'Ann' }, { code: 'U+000A' }, { text: 'Smith' }]);
    expect(visiblePieces('line\u2028sep', { multiline: true })).toEqual([{ text: 'line' }, { code: 'U+2028' }, { text: 'sep' }]);
  });
});
