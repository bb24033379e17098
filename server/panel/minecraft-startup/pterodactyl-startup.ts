import type { StartupVariable } from '../../../contracts/minecraft-startup.ts';
import { ruleChoices } from '../../../contracts/startup-rules.ts';
import { panelBadAnswer } from '../pterodactyl/panel-errors.ts';
import { type PanelClient, serverPath } from '../pterodactyl/panel-client.ts';
import type { StartupEngine } from './startup-engine.ts';

/** An egg variable as the client API gives it (docs/pterodactyl.md, "Startup"). */
interface EggVariable {
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  server_value: string | null;
  is_editable: boolean;
  rules: string;
}

function eggVariable(value: unknown): EggVariable {
  const attributes = (value as { attributes?: EggVariable } | undefined)?.attributes;
  if (!attributes || typeof attributes.env_variable !== 'string') throw panelBadAnswer();
  return attributes;
}

/**
 * A variable the startup command names applies at the next start; the others only reach the
 * egg's install script (the one that downloads the server's software), so they need a reinstall.
 */
function toVariable(variable: EggVariable, rawStartup: string): StartupVariable {
  const rules = variable.rules ?? '';
  return {
    key: variable.env_variable,
    name: variable.name,
    description: variable.description ?? '',
    value: variable.server_value ?? variable.default_value ?? '',
    defaultValue: variable.default_value ?? '',
    editable: variable.is_editable,
    rules,
    choices: ruleChoices(rules) ?? null,
    appliesOn: rawStartup.includes(`{{${variable.env_variable}}}`) ? 'restart' : 'reinstall',
  };
}

/** Startup variables and reinstall through the client API of Pterodactyl and Pelican. */
export function createPterodactylStartup(panel: PanelClient): StartupEngine {
  const rawStartupOf = (answer: unknown) => {
    const meta = (answer as { meta?: { raw_startup_command?: unknown } } | undefined)?.meta;
    return typeof meta?.raw_startup_command === 'string' ? meta.raw_startup_command : '';
  };
  return {
    async read({ serverId, key }) {
      const server = await panel.request(key, 'GET', serverPath(serverId, key));
      const status = (server as { attributes?: { status?: string | null } } | undefined)?.attributes?.status ?? null;
      // While it installs, the panel answers its other routes with 409: say what it is doing instead.
      if (status === 'installing') return { variables: [], status, canReinstall: true };
      const startup = await panel.request(key, 'GET', serverPath(serverId, key, '/startup'));
      const data = (startup as { data?: unknown[] } | undefined)?.data;
      if (!Array.isArray(data)) throw panelBadAnswer();
      const raw = rawStartupOf(startup);
      return { variables: data.map((entry) => toVariable(eggVariable(entry), raw)), status, canReinstall: true };
    },
    async set({ serverId, key: apiKey }, key, value) {
      const answer = await panel.request(apiKey, 'PUT', serverPath(serverId, apiKey, '/startup/variable'), { key, value });
      return toVariable(eggVariable(answer), rawStartupOf(answer));
    },
    async reinstall({ serverId, key }) {
      await panel.request(key, 'POST', serverPath(serverId, key, '/settings/reinstall'));
    },
  };
}
