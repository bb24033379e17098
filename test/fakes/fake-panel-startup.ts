import { ruleProblem } from '../../contracts/startup-rules.ts';
import type { FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import { notFound, PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';
import { json, needs } from './fake-panel-guards.ts';

/**
 * The panel's startup routes (docs/pterodactyl.md, "Startup"): `GET /startup` lists the egg's
 * variables the user may see (`startup.read`), `PUT /startup/variable {key, value}` changes one
 * (`startup.update`; 400 for an unknown or read-only variable, 422 when the value breaks the
 * egg's rules, checked like the panel's Laravel validator), and `POST /settings/reinstall` runs
 * the install script again (`settings.reinstall`, 202): the server is stopped and `installing`
 * until the script ends (`reinstallMs`). The egg is a Paper-like one unless a test seeds another.
 */

export interface FakeEggVariable {
  name: string;
  description: string;
  env_variable: string;
  default_value: string;
  server_value: string | null;
  is_editable: boolean;
  user_viewable: boolean;
  rules: string;
}

export interface FakeStartup {
  raw: string;
  variables: FakeEggVariable[];
  /** How long a reinstall keeps the server installing (ms). */
  reinstallMs: number;
  reinstalls: number;
}

export const paperEgg = (): FakeStartup => ({
  raw: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -Dterminal.jline=false -Dterminal.ansi=true -jar {{SERVER_JARFILE}}',
  reinstallMs: 300,
  reinstalls: 0,
  variables: [
    {
      name: 'Minecraft Version',
      description: 'The version of Minecraft to download. Leave at latest to always get the latest version.',
      env_variable: 'MINECRAFT_VERSION',
      default_value: 'latest',
      server_value: 'latest',
      is_editable: true,
      user_viewable: true,
      rules: 'nullable|string|max:20',
    },
    {
      name: 'Server Software',
      description: 'Which server to download.',
      env_variable: 'SERVER_SOFTWARE',
      default_value: 'paper',
      server_value: 'paper',
      is_editable: true,
      user_viewable: true,
      rules: 'required|string|in:paper,purpur,vanilla',
    },
    {
      name: 'Build Number',
      description: 'The build number for the Paper release.',
      env_variable: 'BUILD_NUMBER',
      default_value: 'latest',
      server_value: 'latest',
      is_editable: true,
      user_viewable: true,
      rules: 'required|string|max:20',
    },
    {
      name: 'Server Jar File',
      description: 'The name of the server jarfile to run the server with.',
      env_variable: 'SERVER_JARFILE',
      default_value: 'server.jar',
      server_value: 'server.jar',
      is_editable: true,
      user_viewable: true,
      rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/',
    },
    {
      name: 'Download Path',
      description: 'A URL to use to download a server.jar rather than the ones in the install script.',
      env_variable: 'DL_PATH',
      default_value: '',
      server_value: '',
      is_editable: false,
      user_viewable: true,
      rules: 'nullable|string',
    },
    {
      name: 'Install Token',
      description: 'Not shown to users.',
      env_variable: 'INSTALL_TOKEN',
      default_value: 'secret',
      server_value: 'secret',
      is_editable: false,
      user_viewable: false,
      rules: 'nullable|string',
    },
  ],
});

const eggs = new WeakMap<FakeServer, FakeStartup>();

/** The egg of a fake server (made on first use), for tests to read or change. */
export function startupOf(server: FakeServer): FakeStartup {
  let startup = eggs.get(server);
  if (!startup) {
    startup = paperEgg();
    eggs.set(server, startup);
  }
  return startup;
}

function attributes(variable: FakeEggVariable) {
  const { user_viewable: _hidden, ...shown } = variable;
  return shown;
}

function meta(startup: FakeStartup) {
  const values = Object.fromEntries(startup.variables.map((v) => [v.env_variable, v.server_value ?? v.default_value]));
  return {
    startup_command: startup.raw.replace(/\{\{([A-Z0-9_]+)\}\}/g, (whole, key: string) => values[key] ?? whole),
    raw_startup_command: startup.raw,
    docker_images: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21' },
  };
}

export function handleServerStartup(game: FakeGameServers, key: FakeKey, server: FakeServer, method: string, sub: string, body: string): FakeAnswer {
  const startup = startupOf(server);
  const shown = startup.variables.filter((v) => v.user_viewable);
  switch (`${method} ${sub}`) {
    case 'GET /startup':
      needs(key, 'startup.read');
      return { status: 200, body: { object: 'list', data: shown.map((v) => ({ object: 'egg_variable', attributes: attributes(v) })), meta: meta(startup) } };
    case 'PUT /startup/variable': {
      needs(key, 'startup.update');
      const input = json(body);
      const variable = shown.find((v) => v.env_variable === input.key);
      if (!variable) throw new PanelAnswer(400, 'BadRequestHttpException', 'The environment variable you are trying to edit does not exist.');
      if (!variable.is_editable) throw new PanelAnswer(400, 'BadRequestHttpException', 'The environment variable you are trying to edit is read-only.');
      const value = typeof input.value === 'string' ? input.value : input.value === null || input.value === undefined ? '' : String(input.value);
      const problem = ruleProblem(variable.rules, value);
      if (problem) {
        const rule = /field is required/.test(problem) ? 'required' : 'invalid';
        throw new PanelAnswer(422, 'ValidationException', problem, { meta: { source_field: 'value', rule } });
      }
      variable.server_value = value;
      return { status: 200, body: { object: 'egg_variable', attributes: attributes(variable), meta: meta(startup) } };
    }
    case 'POST /settings/reinstall': {
      needs(key, 'settings.reinstall');
      startup.reinstalls += 1;
      game.patch(server.identifier, { state: 'offline', installing: true });
      setTimeout(() => game.patch(server.identifier, { installing: false }), startup.reinstallMs).unref();
      return { status: 202 };
    }
    default:
      throw notFound();
  }
}
