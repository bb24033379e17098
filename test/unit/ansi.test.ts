import { describe, expect, it } from 'vitest';
import { parseAnsi } from '../../src/lib/ansi.ts';
import { cleanLine, LineSplitter } from '../../server/panel/local/console-text.ts';

describe('console ANSI colours', () => {
  it('splits a line into styled segments', () => {
    expect(parseAnsi('\x1b[32mgreen\x1b[0m and \x1b[1;31mbold red\x1b[39m bold')).toEqual([
      { text: 'green', style: { color: '#4ade80' } },
      { text: ' and ', style: {} },
      { text: 'bold red', style: { bold: true, color: '#f87171' } },
      { text: ' bold', style: { bold: true } },
    ]);
  });

  it('reads 256-colour and true-colour codes, and drops other escapes', () => {
    expect(parseAnsi('\x1b[38;5;196mA\x1b[48;2;1;2;3mB\x1b[2KC')).toEqual([
      { text: 'A', style: { color: 'rgb(255,0,0)' } },
      { text: 'BC', style: { color: 'rgb(255,0,0)', background: 'rgb(1,2,3)' } },
    ]);
  });

  it('keeps markup as text', () => {
    expect(parseAnsi('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', style: {} }]);
  });
});

describe('console lines from a process', () => {
  it('applies carriage returns and cursor-to-column, keeps colours, strips the rest', () => {
    expect(cleanLine('> \x1b[1GNovember 21st [\x1b[32mINFO\x1b[39m]: Server listening')).toBe('November 21st [\x1b[32mINFO\x1b[39m]: Server listening');
    expect(cleanLine('progress 10%\rprogress 100%')).toBe('progress 100%');
    expect(cleanLine('windows line\r')).toBe('windows line');
    expect(cleanLine('bell\x07 and \x1b]0;title\x07osc')).toBe('bell and osc');
  });

  it('splits chunks on newlines, holding a partial line for the next chunk', () => {
    const splitter = new LineSplitter();
    expect(splitter.feed('one\ntw')).toEqual(['one']);
    expect(splitter.feed('o\nthree')).toEqual(['two']);
    expect(splitter.flush()).toEqual(['three']);
  });
});
