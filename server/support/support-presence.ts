import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Presence } from './support-events.ts';
import { dropInstancePresence, dropPresence, purgePresence, teamMembers, touchPresence } from './support-team-repository.ts';
import type { TopicStreams } from './support-streams.ts';

/** A console counts as open while its stream was seen within this (refreshed every third of it). */
export const consoleOnlineMs = 60_000;

/**
 * Who can answer now: each person's "Available for chat" switch, and their open consoles on
 * every instance (rows refreshed while this instance holds their streams). Live chat is staffed
 * when someone available has a console open.
 */
export class DeskPresence {
  readonly #db: Kysely<Database>;
  readonly #instanceId: string;
  readonly #consoles: TopicStreams;
  readonly #now: () => number;
  readonly #replyMailAfterMs: number;

  constructor(deps: { db: Kysely<Database>; instanceId: string; consoles: TopicStreams; now: () => number; replyMailAfterMs: number }) {
    this.#db = deps.db;
    this.#instanceId = deps.instanceId;
    this.#consoles = deps.consoles;
    this.#now = deps.now;
    this.#replyMailAfterMs = deps.replyMailAfterMs;
  }

  async current(): Promise<Presence> {
    const team = await teamMembers(this.#db, this.#now() - consoleOnlineMs);
    return {
      status: { staffed: team.some((m) => m.available && m.online), replyMailAfterMinutes: this.#replyMailAfterMs / 60_000 },
      team,
    };
  }

  /** A console of this person opened here. */
  opened(staffId: string): Promise<void> {
    return touchPresence(this.#db, this.#instanceId, [staffId], this.#now());
  }

  /** A console of this person closed here: their row goes once none is left. */
  async closed(staffId: string): Promise<void> {
    if (!this.#consoles.has(staffId)) await dropPresence(this.#db, this.#instanceId, staffId);
  }

  /** Refreshes this instance's open consoles and forgets those of instances gone quiet. */
  async heartbeat(): Promise<void> {
    const now = this.#now();
    await touchPresence(this.#db, this.#instanceId, [...this.#consoles.topics()], now);
    await purgePresence(this.#db, now - 10 * consoleOnlineMs);
  }

  /** This instance stops: its consoles are no longer open. */
  async leave(): Promise<void> {
    await dropInstancePresence(this.#db, this.#instanceId);
  }
}
