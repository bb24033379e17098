/**
 * The Settings tool's fields of server.properties and their rules, shared by the browser and the
 * server without zod (docs/decisions.md 111). Each key is checked on its own; a value that breaks
 * its rule is refused with a sentence naming the field.
 */

export const difficulties = ['peaceful', 'easy', 'normal', 'hard'] as const;
export const gameModes = ['survival', 'creative', 'adventure', 'spectator'] as const;

export const settingKeys = ['motd', 'difficulty', 'gamemode', 'max-players', 'pvp', 'white-list', 'view-distance', 'level-seed', 'online-mode'] as const;
export type SettingKey = (typeof settingKeys)[number];
export type SettingValues = Partial<Record<SettingKey, string>>;

export const settingLabels: Readonly<Record<SettingKey, string>> = {
  motd: 'Message of the day',
  difficulty: 'Difficulty',
  gamemode: 'Game mode',
  'max-players': 'Max players',
  pvp: 'PvP',
  'white-list': 'Whitelist',
  'view-distance': 'View distance',
  'level-seed': 'World seed',
  'online-mode': 'Online mode',
};

/** What vanilla writes when a key is missing. */
export const settingDefaults: Readonly<Record<SettingKey, string>> = {
  motd: 'A Minecraft Server',
  difficulty: 'easy',
  gamemode: 'survival',
  'max-players': '20',
  pvp: 'true',
  'white-list': 'false',
  'view-distance': '10',
  'level-seed': '',
  'online-mode': 'true',
};

export const maxMotdLength = 150;
const booleans = ['true', 'false'];
/** Control characters other than the newline between the MOTD's two lines. */
const controlCharacters = /[\x00-\x09\x0b-\x1f\x7f]/;

function whole(value: string, min: number, max: number, label: string): string | undefined {
  if (!/^\d{1,5}$/.test(value) || Number(value) < min || Number(value) > max) return `${label} is a whole number from ${min} to ${max}.`;
  return undefined;
}

/** The problem with a value, in words, or undefined when it may be saved. */
export function settingProblem(key: SettingKey, value: string): string | undefined {
  switch (key) {
    case 'motd':
      if (value.length > maxMotdLength) return `The message of the day is at most ${maxMotdLength} characters.`;
      if (value.split('\n').length > 2) return 'The message of the day has at most two lines.';
      if (controlCharacters.test(value)) return 'The message of the day may not hold control characters.';
      return undefined;
    case 'difficulty':
      return (difficulties as readonly string[]).includes(value) ? undefined : `Difficulty is one of ${difficulties.join(', ')}.`;
    case 'gamemode':
      return (gameModes as readonly string[]).includes(value) ? undefined : `Game mode is one of ${gameModes.join(', ')}.`;
    case 'max-players':
      return whole(value, 1, 1000, 'Max players');
    case 'view-distance':
      return whole(value, 2, 32, 'View distance');
    case 'pvp':
    case 'white-list':
    case 'online-mode':
      return booleans.includes(value) ? undefined : `${settingLabels[key]} is true or false.`;
    case 'level-seed':
      if (value.length > 64) return 'The world seed is at most 64 characters.';
      if (controlCharacters.test(value) || value.includes('\n')) return 'The world seed may not hold control characters.';
      return undefined;
  }
}

/** Minecraft's § formatting codes: colours 0-9 a-f, and k-o (obfuscated, bold, strikethrough, underline, italic), r (reset). */
export const motdColours: Readonly<Record<string, string>> = {
  '0': '#000000',
  '1': '#0000AA',
  '2': '#00AA00',
  '3': '#00AAAA',
  '4': '#AA0000',
  '5': '#AA00AA',
  '6': '#FFAA00',
  '7': '#AAAAAA',
  '8': '#555555',
  '9': '#5555FF',
  a: '#55FF55',
  b: '#55FFFF',
  c: '#FF5555',
  d: '#FF55FF',
  e: '#FFFF55',
  f: '#FFFFFF',
};

export interface MotdRun {
  text: string;
  colour: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
}

/** The MOTD's lines as runs of text with the look its § codes give, as the game's server list draws it. */
export function motdRuns(motd: string): MotdRun[][] {
  return motd.split('\n').map((line) => {
    const runs: MotdRun[] = [];
    let style: Omit<MotdRun, 'text'> = { colour: motdColours['7']!, bold: false, italic: false, underline: false, strikethrough: false };
    const parts = line.split(/(§[0-9a-fk-or])/i);
    for (const part of parts) {
      const code = /^§([0-9a-fk-or])$/i.exec(part)?.[1]?.toLowerCase();
      if (code === undefined) {
        if (part) runs.push({ text: part, ...style });
        continue;
      }
      if (motdColours[code]) style = { colour: motdColours[code]!, bold: false, italic: false, underline: false, strikethrough: false };
      else if (code === 'r') style = { colour: motdColours['7']!, bold: false, italic: false, underline: false, strikethrough: false };
      else if (code === 'l') style = { ...style, bold: true };
      else if (code === 'o') style = { ...style, italic: true };
      else if (code === 'n') style = { ...style, underline: true };
      else if (code === 'm') style = { ...style, strikethrough: true };
    }
    return runs;
  });
}
