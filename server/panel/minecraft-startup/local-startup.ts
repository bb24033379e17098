import fs from 'node:fs';
import type { StartupVariable } from '../../../contracts/minecraft-startup.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GameServerDriver } from '../driver.ts';
import { fillVariables, keptValues, type LocalServerConfig, type LocalVariable } from '../local/servers-file.ts';
import type { StartupEngine } from './startup-engine.ts';

function toVariable(variable: LocalVariable, value: string): StartupVariable {
  return {
    key: variable.key,
    name: variable.name,
    description: variable.description,
    value,
    defaultValue: variable.default,
    editable: true,
    rules: '',
    choices: [...variable.allowed],
    appliesOn: 'restart',
  };
}

/** Writes the file whole under a temporary name, then renames it: a reader never sees half of it. */
function writeOverrides(file: string, id: string, values: Record<string, string>): void {
  let current: { servers?: Record<string, { variables?: Record<string, string> }> } = {};
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const servers = { ...(current.servers ?? {}), [id]: { ...(current.servers?.[id] ?? {}), variables: values } };
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify({ ...current, servers }, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * The local driver's startup variables (docs/decisions.md 112): declared in the servers file with
 * the values allowed, the customer's choice kept in `<servers file>.overrides.json`, filled into
 * the server's args and env (each `{{KEY}}` inside one argument: spawned without a shell), and
 * taken at its next start. Only a listed value is accepted.
 */
export function createLocalStartup(driver: GameServerDriver, configs: readonly LocalServerConfig[]): StartupEngine {
  const configOf = async (credentials: { serverId: string; key: string }) => {
    await driver.getServer(credentials);
    const config = configs.find((c) => c.id === credentials.serverId);
    if (!config) throw new HttpError(404, 'not_found', 'There is no such server.');
    return config;
  };
  const values = (config: LocalServerConfig) => keptValues(config.overridesFile, config.id, config.variables ?? []);
  return {
    async read(credentials) {
      const config = await configOf(credentials);
      const current = values(config);
      return { variables: (config.variables ?? []).map((v) => toVariable(v, current[v.key]!)), status: null, canReinstall: false };
    },
    async set(credentials, key, value) {
      const config = await configOf(credentials);
      const variable = config.variables?.find((v) => v.key === key);
      if (!variable) throw new HttpError(400, 'invalid', `This server has no variable ${key}.`, { fields: { key: 'There is no such variable.' } });
      if (!variable.allowed.includes(value))
        throw new HttpError(400, 'invalid', `${variable.name} is one of ${variable.allowed.join(', ')}.`, {
          fields: { value: 'Not one of the values allowed.' },
        });
      if (!config.overridesFile) throw new HttpError(409, 'not_stored', 'This server keeps no variable values.');
      const next = { ...values(config), [key]: value };
      writeOverrides(config.overridesFile, config.id, next);
      // The next start reads these (local-server.ts spawns config.args and config.env).
      if (config.template) {
        config.args = config.template.args.map((arg) => fillVariables(arg, next));
        config.env = Object.fromEntries(Object.entries(config.template.env).map(([name, text]) => [name, fillVariables(text, next)]));
      }
      return toVariable(variable, value);
    },
    async reinstall() {
      throw new HttpError(409, 'no_reinstall', 'This server applies its variables at the next start: restart it instead.');
    },
  };
}
