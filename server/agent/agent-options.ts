import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { probeLocationIds } from '../../contracts/probe-locations-rules.ts';

/** How an agent runs: from its flags, or the same as environment variables. */
export interface AgentOptions {
  /** The site's address (https://status.example.com), without a trailing slash. */
  site: string;
  location: string;
  token: string;
  /** The ping endpoint's port; 0 picks a free one. */
  pingPort: number;
  pingHost: string;
  /** Where visitors reach the ping endpoint (told to the site); undefined: http://PING_HOST:PORT/ping. */
  pingUrl: string | undefined;
  /** Results kept while the site cannot be reached, at most. */
  bufferSize: number;
  /** How often the monitors are read again, ms. */
  refreshMs: number;
}

export const agentUsage = `A probe agent for one location (docs/deploy.md):
  PROBE_TOKEN_FILE=FILE npm run probe-agent -- --site URL --location ID [--ping-port N]
  --site URL          the site (PROBE_SITE_URL)
  --location ID       ${probeLocationIds.join(', ')} (PROBE_LOCATION)
  --token-file FILE   a file (owner-only) holding this location's token, made by
                      npm run agents -- add ID (PROBE_TOKEN_FILE); or the token itself in PROBE_TOKEN.
                      Never --token: a command line is shown by ps and echoed by npm run.
  --ping-port N       visitors' ping endpoint, GET /ping (PROBE_PING_PORT; default 9310)
  --ping-host HOST    the interface it listens on (PROBE_PING_HOST; default 127.0.0.1)
  --ping-url URL      where visitors reach it, e.g. https://sg.example.com/ping (PROBE_PING_URL)
  --buffer N          results kept while the site is unreachable (PROBE_BUFFER; default 100000)`;

export class AgentOptionsError extends Error {}

/**
 * The token, from a file (PROBE_TOKEN_FILE, --token-file) or PROBE_TOKEN, never from the command
 * line: `ps` shows any user a process's arguments and `npm run` echoes them into the agent's log
 * (docs/decisions.md 84). A file others may read is refused, as ssh refuses such a key.
 */
function tokenOf(flag: string | undefined, file: string | undefined, fromEnv: string | undefined, problems: string[]): string {
  if (flag !== undefined) {
    problems.push(
      '--token is not taken: a command line is visible to every user (ps) and npm run prints it. Put the token in a file only you can read and pass --token-file FILE (PROBE_TOKEN_FILE), or set PROBE_TOKEN',
    );
    return '';
  }
  let token = fromEnv ?? '';
  if (file !== undefined) {
    try {
      if ((statSync(file).mode & 0o077) !== 0) {
        problems.push(`--token-file (PROBE_TOKEN_FILE) ${file} can be read by others: chmod 600 ${file}`);
        return '';
      }
      token = readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(`--token-file (PROBE_TOKEN_FILE) ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return '';
    }
  }
  if (token.length < 10)
    problems.push('the token is required: --token-file FILE (PROBE_TOKEN_FILE) or PROBE_TOKEN, made with `npm run agents -- add LOCATION`');
  return token;
}

/** Reads the flags and the environment; every problem in one message. */
export function agentOptions(argv: readonly string[], env: NodeJS.ProcessEnv): AgentOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      site: { type: 'string' },
      location: { type: 'string' },
      token: { type: 'string' },
      'token-file': { type: 'string' },
      'ping-port': { type: 'string' },
      'ping-host': { type: 'string' },
      'ping-url': { type: 'string' },
      buffer: { type: 'string' },
      'refresh-seconds': { type: 'string' },
    },
    strict: true,
  });
  const problems: string[] = [];
  const site = (values.site ?? env.PROBE_SITE_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(site)) problems.push("--site (PROBE_SITE_URL) must be the site's http:// or https:// address");
  const location = values.location ?? env.PROBE_LOCATION ?? '';
  if (!(probeLocationIds as readonly string[]).includes(location)) problems.push(`--location (PROBE_LOCATION) must be one of ${probeLocationIds.join(', ')}`);
  const token = tokenOf(values.token, values['token-file'] ?? env.PROBE_TOKEN_FILE, env.PROBE_TOKEN, problems);
  const int = (text: string | undefined, fallback: number, name: string, min: number, max: number): number => {
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const pingPort = int(values['ping-port'] ?? env.PROBE_PING_PORT, 9310, '--ping-port (PROBE_PING_PORT)', 0, 65535);
  const bufferSize = int(values.buffer ?? env.PROBE_BUFFER, 100_000, '--buffer (PROBE_BUFFER)', 1, 10_000_000);
  const refreshMs = int(values['refresh-seconds'] ?? env.PROBE_REFRESH_SECONDS, 15, '--refresh-seconds', 1, 3600) * 1000;
  const pingUrl = values['ping-url'] ?? env.PROBE_PING_URL;
  if (pingUrl !== undefined && !/^https?:\/\/\S+$/.test(pingUrl)) problems.push('--ping-url (PROBE_PING_URL) must be an http:// or https:// URL');
  if (problems.length) throw new AgentOptionsError(`${problems.map((p) => `  - ${p}`).join('\n')}\n\n${agentUsage}`);
  return { site, location, token, pingPort, pingHost: values['ping-host'] ?? env.PROBE_PING_HOST ?? '127.0.0.1', pingUrl, bufferSize, refreshMs };
}
