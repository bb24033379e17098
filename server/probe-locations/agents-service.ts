import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AgentMonitorList, AgentResultsAnswer, LocationStatus, ProbeAgent, ProbeAgentCreated } from '../../contracts/probe-locations.ts';
import { probeLocationIds, probeLocationName } from '../../contracts/probe-locations-rules.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { hashToken, randomToken } from '../staff/staff-tokens.ts';
import type { Monitor } from '../status/monitors-file.ts';
import { agentByTokenHash, agentSeen, findAgent, insertAgent, listAgents, revokeAgent, type StoredAgent } from './agents-repository.ts';
import type { LocationResult } from '../status/decider.ts';

/** What the agents service needs of the status board. */
export interface ProbeTarget {
  /** The monitors being probed now (not paused), targets expanded. */
  active(): Monitor[];
  /** Decides and publishes one location's results (StatusService.acceptResults). */
  acceptResults(location: string, results: readonly LocationResult[]): Promise<{ accepted: number; ignored: number }>;
  /** When this site's own prober last decided something, if it probes. */
  ownLastRoundAt(): number | undefined;
}

export interface ProbeAgentsDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  now: () => number;
  status: ProbeTarget;
  /** The site's origin (PUBLIC_URL): agents' ping endpoints allow it (CORS). */
  siteOrigin: string;
  /** Where this site's own prober counts as (STATUS_PROBER_LOCATION), and whether it probes beside agents. */
  own: { location: string; mode: 'location' | 'standby' };
}

/** The shell of `npm run agents`, as the audit log names it. */
export const agentsShell: Acting = { actor: { kind: 'system', id: null, label: 'shell (npm run agents)' }, clientIp: null };

/** How long since its last report a location still counts as reporting: three of the shortest intervals, at least 5 s. */
export function reportingWindowMs(monitors: readonly Pick<Monitor, 'intervalSeconds'>[]): number {
  const shortest = Math.min(30, ...monitors.map((m) => m.intervalSeconds)) * 1000;
  return Math.max(5000, 3 * shortest);
}

/** How often the list of agents is read again (other instances record their reports too). */
const cacheMs = 1000;

const unauthorized = () =>
  new HttpError(
    401,
    'agent_token_invalid',
    'This probe agent token is unknown or revoked. Make one with `npm run agents -- add LOCATION` or in the staff console.',
    {
      headers: { 'www-authenticate': 'Bearer realm="probe agents"' },
    },
  );

/**
 * Probe agents (docs/decisions.md 47-48): their tokens (made and revoked by admins in the
 * console and by `npm run agents`, shown once, stored as sha256, every change in the audit log),
 * what each must probe, the results they send (decided by the status board), and which
 * locations report.
 */
export class ProbeAgents {
  private readonly deps: ProbeAgentsDeps;
  private cache: { at: number; agents: Promise<StoredAgent[]> } | undefined;

  constructor(deps: ProbeAgentsDeps) {
    this.deps = deps;
  }

  /** A new token for a location; the token is in the answer and nowhere else. */
  async create(location: string, acting: Acting): Promise<ProbeAgentCreated> {
    if (!(probeLocationIds as readonly string[]).includes(location)) {
      throw new HttpError(400, 'bad_location', `There is no location "${location}"; the locations are ${probeLocationIds.join(', ')}.`, {
        fields: { location: `must be one of ${probeLocationIds.join(', ')}` },
      });
    }
    const token = `hfp_${randomToken()}`;
    const id = `agent_${randomBytes(6).toString('hex')}`;
    const createdAt = this.deps.now();
    const createdBy = acting.actor.label ?? acting.actor.id ?? acting.actor.kind;
    await this.deps.db.transaction().execute(async (trx) => {
      await insertAgent(trx, { id, location, tokenHash: hashToken(token), createdAt, createdBy });
      await this.deps.audit.record(
        { actor: acting.actor, action: 'probe_agent.created', target: id, clientIp: acting.clientIp, detail: { location } },
        { db: trx },
      );
    });
    this.cache = undefined;
    return { id, location, createdAt, createdBy, lastSeenAt: null, revokedAt: null, token };
  }

  async list(): Promise<ProbeAgent[]> {
    return (await listAgents(this.deps.db)).map(view);
  }

  async revoke(id: string, acting: Acting): Promise<ProbeAgent> {
    const at = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const agent = await findAgent(trx, id);
      if (!agent) throw new HttpError(404, 'agent_not_found', `There is no probe agent token "${id}".`);
      if (!(await revokeAgent(trx, id, at))) throw new HttpError(409, 'agent_revoked', `The token "${id}" was revoked already.`);
      await this.deps.audit.record(
        { actor: acting.actor, action: 'probe_agent.revoked', target: id, clientIp: acting.clientIp, detail: { location: agent.location } },
        { db: trx },
      );
    });
    this.cache = undefined;
    return view((await findAgent(this.deps.db, id))!);
  }

  /** The agent an Authorization header names; 401 for anything else. */
  async authenticate(header: string | undefined): Promise<StoredAgent> {
    const match = /^Bearer\s+(\S{10,200})$/i.exec(header ?? '');
    if (!match) throw unauthorized();
    const agent = await agentByTokenHash(this.deps.db, hashToken(match[1]!));
    if (!agent) throw unauthorized();
    return agent;
  }

  /** GET /api/probes/monitors: what this agent probes. */
  async monitorsFor(agent: StoredAgent): Promise<AgentMonitorList> {
    await agentSeen(this.deps.db, agent.id, this.deps.now(), {});
    return {
      location: agent.location,
      siteOrigin: this.deps.siteOrigin,
      monitors: this.deps.status
        .active()
        .map((m) => ({ id: m.id, type: m.type, target: m.target, settings: m.settings, intervalSeconds: m.intervalSeconds, timeoutSeconds: m.timeoutSeconds })),
    };
  }

  /** POST /api/probes/results: stored as the agent's location's, then decided. */
  async accept(agent: StoredAgent, batch: { results: LocationResult[]; dropped: number; pingUrl?: string }): Promise<AgentResultsAnswer> {
    const answer = await this.deps.status.acceptResults(agent.location, batch.results);
    await agentSeen(this.deps.db, agent.id, this.deps.now(), { ...(batch.pingUrl ? { pingUrl: batch.pingUrl } : {}), dropped: batch.dropped });
    this.cache = undefined;
    return answer;
  }

  /** Whether some agent reports now (the own prober in standby steps aside while one does). */
  async agentsReporting(): Promise<boolean> {
    const now = this.deps.now();
    const window = reportingWindowMs(this.deps.status.active());
    return (await this.agents()).some((a) => a.revokedAt === null && a.lastSeenAt !== null && now - a.lastSeenAt <= window);
  }

  /**
   * GET /api/status/locations and the board: each location that has an agent token (and this
   * site's own prober), whether it reports, since when it does not, and where visitors time it.
   */
  async locations(): Promise<LocationStatus[]> {
    const now = this.deps.now();
    const window = reportingWindowMs(this.deps.status.active());
    const byLocation = new Map<string, StoredAgent>();
    for (const a of await this.agents()) {
      if (a.revokedAt !== null) continue;
      const seen = byLocation.get(a.location);
      if (!seen || (a.lastSeenAt ?? 0) > (seen.lastSeenAt ?? 0)) byLocation.set(a.location, a);
    }
    const out: LocationStatus[] = [];
    for (const [location, a] of byLocation) {
      const reporting = a.lastSeenAt !== null && now - a.lastSeenAt <= window;
      out.push({ location, name: probeLocationName(location), source: 'agent', reporting, lastSeenAt: a.lastSeenAt, pingUrl: reporting ? a.pingUrl : null });
    }
    const { location, mode } = this.deps.own;
    const ownAt = this.deps.status.ownLastRoundAt();
    const ownReporting = ownAt !== undefined && now - ownAt <= window;
    const steppedAside = mode === 'standby' && out.some((l) => l.reporting);
    if (!byLocation.has(location) && !steppedAside && this.deps.status.active().length > 0) {
      // The site's own server answers /api/ping: its own location's figure is its own.
      const placed = (probeLocationIds as readonly string[]).includes(location);
      out.push({
        location,
        name: probeLocationName(location),
        source: 'site',
        reporting: ownReporting,
        lastSeenAt: ownAt ?? null,
        pingUrl: placed && ownReporting ? '/api/ping' : null,
      });
    }
    const order = (id: string) => {
      const i = (probeLocationIds as readonly string[]).indexOf(id);
      return i === -1 ? probeLocationIds.length : i;
    };
    return out.sort((a, b) => order(a.location) - order(b.location));
  }

  private agents(): Promise<StoredAgent[]> {
    const now = this.deps.now();
    if (this.cache && now - this.cache.at < cacheMs && now >= this.cache.at) return this.cache.agents;
    const agents = listAgents(this.deps.db);
    this.cache = { at: now, agents };
    agents.catch(() => {
      this.cache = undefined;
    });
    return agents;
  }
}

function view(a: StoredAgent): ProbeAgent {
  return { id: a.id, location: a.location, createdAt: a.createdAt, createdBy: a.createdBy, lastSeenAt: a.lastSeenAt, revokedAt: a.revokedAt };
}
