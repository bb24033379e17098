import type { Kysely } from 'kysely';
import { probeLocationIds } from '../../contracts/probe-locations-rules.ts';
import { AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { agentsShell, ProbeAgents } from './agents-service.ts';

export const agentsCliUsage = `Probe agents' tokens, for operators (reads DATABASE_URL; docs/deploy.md):
  npm run agents -- add LOCATION    a new token for an agent at LOCATION (${probeLocationIds.join(', ')}):
                                    printed once, on its own line; only its hash is kept
  npm run agents -- list            every token: id, location, last report, revoked or not
  npm run agents -- revoke ID       the agent using it is refused from its next request`;

export interface AgentsCliDeps {
  db: Kysely<Database>;
  out: (line: string) => void;
  err: (line: string) => void;
  now?: () => number;
}

const when = (at: number | null) => (at === null ? 'never' : new Date(at).toISOString());

/** `npm run agents`: returns the exit code. */
export async function runAgentsCli(args: readonly string[], deps: AgentsCliDeps): Promise<number> {
  const agents = new ProbeAgents({
    db: deps.db,
    audit: new AuditLog(deps.db),
    now: deps.now ?? Date.now,
    siteOrigin: '',
    own: { location: 'site', mode: 'location' },
    status: { active: () => [], acceptResults: async () => ({ accepted: 0, ignored: 0 }), ownLastRoundAt: () => undefined },
  });
  const [command, argument, ...rest] = args;
  try {
    if (command === 'add' && argument && rest.length === 0) {
      const created = await agents.create(argument, agentsShell);
      deps.err(`Token ${created.id} for ${created.location} (shown once; run the agent with --token):`);
      deps.out(created.token);
      return 0;
    }
    if (command === 'list' && !argument) {
      const list = await agents.list();
      if (list.length === 0) deps.out('No probe agent tokens. Make one with: npm run agents -- add LOCATION');
      for (const a of list) {
        deps.out(`${a.id}  ${a.location.padEnd(10)}  last report ${when(a.lastSeenAt)}  ${a.revokedAt === null ? 'active' : `revoked ${when(a.revokedAt)}`}`);
      }
      return 0;
    }
    if (command === 'revoke' && argument && rest.length === 0) {
      const revoked = await agents.revoke(argument, agentsShell);
      deps.out(`Revoked ${revoked.id} (${revoked.location}).`);
      return 0;
    }
  } catch (error) {
    if (error instanceof HttpError) {
      deps.err(`agents: ${error.message}`);
      return 1;
    }
    throw error;
  }
  deps.err(agentsCliUsage);
  return 2;
}
