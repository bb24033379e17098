import { describe, expect, it } from 'vitest';
import { mailtoReply, replySubject } from '../../src/lib/mailto-reply.ts';
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

describe('the reply link', () => {
  const open = (href: string) => {
    const url = new URL(href);
    return { protocol: url.protocol, to: decodeURIComponent(url.pathname), subject: url.searchParams.get('subject'), params: [...url.searchParams.keys()] };
  };

  it('opens a reply to the sender with "Re: " and the subject', () => {
    expect(mailtoReply('asha@example.com', 'Refund please')).toBe('mailto:asha@example.com?subject=Re%3A%20Refund%20please');
    expect(open(mailtoReply('asha@example.com', 'Größe & Preis: 100% #1?'))).toEqual({
      protocol: 'mailto:',
      to: 'asha@example.com',
      subject: 'Re: Größe & Preis: 100% #1?',
      params: ['subject'],
    });
  });

  it('cannot be made to add recipients or headers by the address or the subject', () => {
    const href = mailtoReply("o'neil+x?cc=boss@example.com", 'Hi\r\nBcc: everyone@example.com&body=spam');
    expect(open(href)).toEqual({
      protocol: 'mailto:',
      to: "o'neil+x?cc=boss@example.com",
      subject: 'Re: Hi Bcc: everyone@example.com&body=spam',
      params: ['subject'],
    });
    expect(href).not.toMatch(/%0[AD]/i);
  });

  it('does not add a second Re:', () => {
    expect(replySubject('Re: Your offer')).toBe('Re: Your offer');
    expect(replySubject('RE:  Your\toffer ')).toBe('RE: Your offer');
    expect(replySubject('Reply wanted')).toBe('Re: Reply wanted');
  });
});
