import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { playerListKinds, type PlayerListKind } from '../../../contracts/minecraft-players-rules.ts';
import { isKeyHash } from './key-hash.ts';
import { gameSystemFolders } from './reachable.ts';

/** Backups a server may keep when its entry does not say (the smallest plan's number). */
export const defaultBackupLimit = 3;

/** One game server of the local driver, as declared in LOCAL_SERVERS_FILE. */
const serverSchema = z
  .object({
    /** What the customer types as Server ID. */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _'),
    name: z.string().min(1).max(100),
    description: z.string().max(500).default(''),
    /**
     * The program. `node` means the Node.js that runs this app; any other name without a slash is
     * looked up in the system's folders only (gameSystemFolders), once, when the file is read.
     */
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    /** Working directory; relative paths are relative to the servers file. Default: the file's folder. */
    cwd: z.string().min(1).optional(),
    /** Extra environment; the process gets only PATH, HOME, LANG and these (never the app's secrets). */
    env: z.record(z.string(), z.string()).default({}),
    /** Memory and disk in MiB, cpu in percent of one core; 0 means unlimited. */
    limits: z
      .object({
        memory: z.number().int().min(0),
        disk: z.number().int().min(0),
        cpu: z.number().int().min(0),
      })
      .strict(),
    /** A regular expression on console output; the first matching line marks the server running. */
    readyPattern: z
      .string()
      .min(1)
      .refine((source) => {
        try {
          new RegExp(source);
          return true;
        } catch {
          return false;
        }
      }, 'must be a valid regular expression'),
    /** Written to stdin to ask for a graceful stop. */
    stopCommand: z.string().min(1).default('stop'),
    /** How long a graceful stop may take before SIGTERM (and as long again before SIGKILL). */
    stopTimeoutSeconds: z.number().positive().max(3600).default(30),
    /**
     * The system user it runs as when the app runs as root; its own hostfront-<install id>-<id>
     * user, created when missing, when unset (docs/decisions.md 63). Never root, and never a user
     * another install uses.
     */
    runAs: z
      .string()
      .regex(/^[a-z_][a-z0-9_-]{0,31}$/, 'must be a system user name (lower case, at most 32 characters)')
      .refine((name) => name !== 'root', 'must not be root')
      .optional(),
    /** Start the server when the app starts, as a host keeps its customers' servers running across restarts. */
    autostart: z.boolean().default(false),
    /** The game's own port on this machine, for the players list (Minecraft Server List Ping to 127.0.0.1). Unset: not a Minecraft server. */
    minecraftPort: z.number().int().min(1).max(65535).optional(),
    /**
     * Startup variables the customer may change in the Version tool (docs/decisions.md 112): each
     * with the values allowed; `{{NAME}}` in `args` and `env` values is replaced by its value, as
     * one argument of its own (no shell ever sees it).
     */
    variables: z
      .array(
        z
          .object({
            key: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be capital letters, digits and _'),
            name: z.string().min(1).max(100),
            description: z.string().max(500).default(''),
            default: z.string(),
            allowed: z.array(z.string().regex(/^[A-Za-z0-9._:+\-/@,=]{1,200}$/, 'must be letters, digits and . _ : + - / @ , = only')).min(1),
          })
          .strict()
          .refine((variable) => variable.allowed.includes(variable.default), 'default must be one of allowed'),
      )
      .default([]),
    /** The player lists the game's program keeps, for the Players tool (docs/decisions.md 110). Default: all three, as vanilla. */
    playerLists: z.array(z.enum(playerListKinds)).optional(),
    /** How many backups the customer may keep (the plan's limit); 0 turns backups off. */
    backupLimit: z.number().int().min(0).max(100).default(defaultBackupLimit),
    /**
     * Where this server's backups are kept; relative paths are relative to the servers file.
     * Default: `.hostfront-backups/<id>` beside the server's folder (never inside it, so a backup
     * does not contain the backups and a restore does not remove them).
     */
    backupsDir: z.string().min(1).optional(),
    /** The owner's e-mail address: signed in with it (verified), they find the server under "My servers". */
    owner: z
      .email('must be an e-mail address')
      .transform((email) => email.toLowerCase())
      .optional(),
    /** Where it runs, as the status board names the location's monitor (its id or name). */
    location: z.string().min(1).max(100).optional(),
    /** scrypt hash of the access key: `npm run --silent hash-key -- <key>`. */
    keyHash: z.string().refine(isKeyHash, 'must be a hash printed by `npm run --silent hash-key -- <key>`'),
  })
  .strict();

const fileSchema = z
  .object({ servers: z.array(serverSchema) })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.servers.forEach((server, index) => {
      if (seen.has(server.id)) ctx.addIssue({ code: 'custom', path: ['servers', index, 'id'], message: `duplicate id "${server.id}"` });
      seen.add(server.id);
    });
  });

export interface LocalServerConfig {
  id: string;
  name: string;
  description: string;
  /** `node` (this app's Node, or its mirror), or an absolute path. */
  command: string;
  args: string[];
  /** Absolute. */
  cwd: string;
  env: Record<string, string>;
  limits: { memory: number; disk: number; cpu: number };
  readyPattern: RegExp;
  stopCommand: string;
  stopTimeoutSeconds: number;
  autostart: boolean;
  keyHash: string;
  /** The owner's e-mail address, lower case (docs/decisions.md 80). */
  owner?: string | undefined;
  /** The status board's location (a monitor's id or name). */
  location?: string | undefined;
  /** See the schema: the account when the app runs as root. */
  runAs?: string | undefined;
  /** The game port on 127.0.0.1 for the players list; unset for a game that is not Minecraft. */
  minecraftPort?: number | undefined;
  /** Startup variables and their allowed values (docs/decisions.md 112); `{{KEY}}` in args and env. */
  variables?: LocalVariable[];
  /** args and env as the servers file wrote them, before their variables were filled in. */
  template?: { args: string[]; env: Record<string, string> };
  /** Where the customer's variable values are kept: beside the servers file (`<name>.overrides.json`). */
  overridesFile?: string;
  /** The player lists its program keeps; unset: whitelist, operators and bans (docs/decisions.md 110). */
  playerLists?: readonly PlayerListKind[] | undefined;
  /** Default defaultBackupLimit. */
  backupLimit?: number;
  /** Absolute; default defaultBackupsDir(cwd, id). */
  backupsDir?: string;
}

export interface LocalVariable {
  key: string;
  name: string;
  description: string;
  default: string;
  allowed: string[];
}

/** `{{KEY}}` replaced by the variable's value inside each argument (one argument stays one). */
export function fillVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{([A-Z][A-Z0-9_]{0,63})\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The file the customer's variable values are kept in: `<servers file without .json>.overrides.json` beside it. */
export function overridesFileOf(file: string): string {
  const resolved = path.resolve(file);
  return path.join(path.dirname(resolved), `${path.basename(resolved, '.json')}.overrides.json`);
}

/** The kept values of one server, each still allowed (a value the file no longer allows falls back to the default). */
export function keptValues(overridesFile: string | undefined, id: string, variables: readonly LocalVariable[]): Record<string, string> {
  let kept: Record<string, unknown> = {};
  try {
    if (overridesFile)
      kept =
        (JSON.parse(fs.readFileSync(overridesFile, 'utf8')) as { servers?: Record<string, { variables?: Record<string, unknown> }> }).servers?.[id]
          ?.variables ?? {};
  } catch {
    kept = {};
  }
  return Object.fromEntries(
    variables.map((variable) => {
      const value = kept[variable.key];
      return [variable.key, typeof value === 'string' && variable.allowed.includes(value) ? value : variable.default];
    }),
  );
}

export class ServersFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`LOCAL_SERVERS_FILE ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ServersFileError';
  }
}

/**
 * Parses a servers file's text; relative working directories are resolved against `serversDir`
 * (GAME_SERVERS_DIR) when given, else against the file's folder, as are backups folders.
 */
export function parseServersFile(file: string, text: string, serversDir?: string): LocalServerConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ServersFileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw new ServersFileError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`),
    );
  }
  const base = path.dirname(path.resolve(file));
  const problems: string[] = [];
  const servers = parsed.data.servers.map((server, index) => {
    const cwd = path.resolve(serversDir ?? base, server.cwd ?? '.');
    const command = resolveCommand(server.command, cwd);
    if (command === undefined)
      problems.push(
        `servers.${index}.command: server ${server.id}'s "${server.command}" is not a program in ${gameSystemFolders.join(' or ')}, where a command without a slash is looked up (never on the app's PATH): give its absolute path`,
      );
    const overridesFile = overridesFileOf(file);
    const values = keptValues(overridesFile, server.id, server.variables);
    return {
      ...server,
      args: server.args.map((arg) => fillVariables(arg, values)),
      env: Object.fromEntries(Object.entries(server.env).map(([name, value]) => [name, fillVariables(value, values)])),
      template: { args: server.args, env: server.env },
      overridesFile,
      command: command ?? server.command,
      cwd,
      readyPattern: new RegExp(server.readyPattern),
      backupsDir: server.backupsDir ? path.resolve(base, server.backupsDir) : defaultBackupsDir(cwd, server.id),
    };
  });
  if (problems.length > 0) throw new ServersFileError(file, problems);
  return servers;
}

/**
 * A server's program as an absolute path (docs/decisions.md 64): `node` stays (the driver maps it
 * to this app's Node); a path with a slash is taken from the server's folder; a bare name is
 * found in the system's folders, never on the app's PATH. Undefined when not found there.
 */
export function resolveCommand(command: string, cwd: string): string | undefined {
  if (command === 'node') return command;
  if (command.includes('/')) return path.resolve(cwd, command);
  for (const folder of gameSystemFolders) {
    const candidate = path.join(folder, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** `<folder beside the server's>/.hostfront-backups/<id>`. */
export function defaultBackupsDir(cwd: string, id: string): string {
  return path.join(path.dirname(cwd), '.hostfront-backups', id);
}

export function loadServersFile(file: string, serversDir?: string): LocalServerConfig[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ServersFileError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  return parseServersFile(file, text, serversDir);
}
