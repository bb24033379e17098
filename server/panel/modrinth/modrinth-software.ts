import { gameVersionPattern, type ServerSoftware } from '../../../contracts/modrinth-rules.ts';

/**
 * A game server's software and Minecraft version, read from what is there (docs/decisions.md
 * 106): its startup variables (the panel's egg variables, or the servers file's env), then its
 * own files, then the version it answers to a Server List Ping. Each reader is a pure function.
 */

export interface Detected {
  software?: ServerSoftware;
  version?: string;
}

const versionVariables = ['MINECRAFT_VERSION', 'MC_VERSION', 'VERSION', 'GAME_VERSION'];
/** A variable whose presence names the loader (the eggs' and the itzg image's names). */
const loaderVariables: Array<[string, ServerSoftware]> = [
  ['NEOFORGE_VERSION', 'neoforge'],
  ['FORGE_VERSION', 'forge'],
  ['FABRIC_VERSION', 'fabric'],
  ['FABRIC_LOADER_VERSION', 'fabric'],
];
/** Words in a jar's name, a TYPE variable or the startup command, most specific first (neoforge before forge). */
const softwareWords: Array<[RegExp, ServerSoftware]> = [
  [/neoforge/i, 'neoforge'],
  [/purpur/i, 'purpur'],
  [/paper/i, 'paper'],
  [/fabric/i, 'fabric'],
  [/forge/i, 'forge'],
  [/spigot/i, 'spigot'],
  [/vanilla/i, 'vanilla'],
];

const byWord = (text: string): ServerSoftware | undefined => softwareWords.find(([word]) => word.test(text))?.[1];

/** The version in a text: `1.21.4`, `git-Paper-196 (MC: 1.21.4)`, `Paper 1.21.4`. */
export function versionIn(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  if (gameVersionPattern.test(text.trim())) return text.trim();
  const mc = /\(MC: ([^)]+)\)/.exec(text)?.[1];
  if (mc && gameVersionPattern.test(mc)) return mc;
  return text.split(/[\s,()]+/).find((word) => gameVersionPattern.test(word));
}

/** From startup variables (name → value) and the startup command. */
export function fromVariables(variables: Readonly<Record<string, string>>, command = ''): Detected {
  const detected: Detected = {};
  for (const name of versionVariables) {
    const version = versionIn(variables[name]);
    if (version) {
      detected.version = version;
      break;
    }
  }
  const loader = loaderVariables.find(([name]) => (variables[name] ?? '') !== '');
  const named = byWord(variables.TYPE ?? variables.SERVER_TYPE ?? '') ?? byWord(variables.SERVER_JARFILE ?? '') ?? byWord(command);
  const software = loader?.[1] ?? named;
  if (software) detected.software = software;
  return detected;
}

/** From the names in the server's root folder and, when there, Paper's version_history.json. */
export function fromFiles(rootNames: readonly string[], versionHistory?: string): Detected {
  const names = new Set(rootNames);
  const detected: Detected = {};
  if (names.has('purpur.yml')) detected.software = 'purpur';
  else if (names.has('paper.yml') || names.has('version_history.json')) detected.software = 'paper';
  else if (names.has('spigot.yml')) detected.software = 'spigot';
  else if (names.has('.fabric') || names.has('fabric-server-launch.jar')) detected.software = 'fabric';
  else {
    const jar = rootNames.find((name) => name.endsWith('.jar') && byWord(name));
    if (jar) detected.software = byWord(jar);
  }
  if (versionHistory) {
    try {
      const current = (JSON.parse(versionHistory) as { currentVersion?: unknown }).currentVersion;
      const version = typeof current === 'string' ? versionIn(current) : undefined;
      if (version) detected.version = version;
    } catch {
      // not JSON: no version from it
    }
  }
  return detected;
}

/** server.properties' level-name (the world folder), when it is one safe name; else `world`. */
export function levelNameOf(properties: string | undefined): string {
  const line = properties?.split(/\r?\n/).find((l) => /^\s*level-name\s*[=:]/.test(l));
  const value = line?.replace(/^\s*level-name\s*[=:]\s*/, '').trim();
  return value && /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/.test(value) && !value.includes('..') ? value : 'world';
}
