import { describe, expect, it } from 'vitest';
import { PropertiesFile } from '../../server/panel/minecraft-settings/properties-file.ts';
import { motdRuns, settingProblem } from '../../contracts/minecraft-settings-rules.ts';

/** server.properties edited in place: only the changed keys' lines are rewritten, every other byte kept (docs/decisions.md 111). */

const file = [
  '#Minecraft server properties',
  '#Sat Nov 28 12:00:00 UTC 2026',
  '! an old-style comment',
  'enable-jmx-monitoring=false',
  'motd=\\u00A76Gold \\u00A7lServer',
  'difficulty = easy',
  'level-seed:',
  'custom\\ key=value with \\= and \\: inside',
  'long-list=one,\\',
  '    two,\\',
  '    three',
  '   ',
  'max-players=20',
].join('\r\n');

describe('PropertiesFile', () => {
  it('reads keys as Java does: separators, escapes, continuations', () => {
    const properties = new PropertiesFile(file);
    expect(properties.get('motd')).toBe('§6Gold §lServer');
    expect(properties.get('difficulty')).toBe('easy');
    expect(properties.get('level-seed')).toBe('');
    expect(properties.get('custom key')).toBe('value with = and : inside');
    expect(properties.get('long-list')).toBe('one,two,three');
    expect(properties.get('an')).toBeUndefined();
  });

  it('keeps the file byte for byte when nothing changes, and changes only the lines of the keys set', () => {
    expect(new PropertiesFile(file).toString()).toBe(file);
    const properties = new PropertiesFile(file);
    properties.set('difficulty', 'hard');
    properties.set('motd', '§cRed\nsecond line: 100% = fun!');
    properties.set('max-players', '20');
    properties.set('pvp', 'false');
    const lines = properties.toString().split('\r\n');
    const before = file.split('\r\n');
    expect(lines.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(lines[4]).toBe('motd=\\u00A7cRed\\u000Asecond line\\: 100% \\= fun\\!');
    expect(lines[5]).toBe('difficulty=hard');
    expect(lines.slice(6, 13)).toEqual(before.slice(6, 13));
    expect(lines[13]).toBe('pvp=false');
    expect(lines).toHaveLength(15);
    expect(lines[14]).toBe('');
    // What it wrote reads back as what was set.
    const again = new PropertiesFile(properties.toString());
    expect(again.get('motd')).toBe('§cRed\nsecond line: 100% = fun!');
    expect(again.get('pvp')).toBe('false');
  });

  it('adds a key to an empty or missing file', () => {
    const properties = new PropertiesFile('');
    properties.set('online-mode', 'false');
    expect(properties.toString()).toBe('online-mode=false\n');
  });
});

describe('the settings rules', () => {
  it('checks each key', () => {
    expect(settingProblem('difficulty', 'hard')).toBeUndefined();
    expect(settingProblem('difficulty', 'hard\nstop')).toContain('Difficulty is one of');
    expect(settingProblem('max-players', '0')).toContain('from 1 to 1000');
    expect(settingProblem('max-players', '20')).toBeUndefined();
    expect(settingProblem('view-distance', '33')).toContain('from 2 to 32');
    expect(settingProblem('pvp', 'yes')).toBe('PvP is true or false.');
    expect(settingProblem('motd', 'a\nb\nc')).toContain('two lines');
    expect(settingProblem('motd', 'bell\x07')).toContain('control characters');
    expect(settingProblem('level-seed', 'x\ny')).toContain('control characters');
  });

  it('turns § codes into runs with colours and styles', () => {
    expect(motdRuns('§6Gold §lBold§r plain')).toEqual([
      [
        { text: 'Gold ', colour: '#FFAA00', bold: false, italic: false, underline: false, strikethrough: false },
        { text: 'Bold', colour: '#FFAA00', bold: true, italic: false, underline: false, strikethrough: false },
        { text: ' plain', colour: '#AAAAAA', bold: false, italic: false, underline: false, strikethrough: false },
      ],
    ]);
  });
});
