import type { Kysely } from 'kysely';
import type { HistoryAnswer, HistoryRange } from '../../contracts/panel.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { GameServerDriver } from './driver.ts';
import { claimSample, fillSample, forgetWatched, purgeSamples, samplesOf, setSessionUntil, watchedServers, watchServer } from './panel-history-repository.ts';
import { latestSessionEnd } from './panel-repository.ts';
import type { SessionCrypto } from './session-crypto.ts';

/** One sample per server and minute. */
export const historyIntervalMs = 60_000;
/** Samples are kept this long (the retention job deletes older ones). */
export const historyKeepDays = 7;
/** A server is sampled until this long after its last panel session ended; then its key is forgotten. */
export const watchAfterSessionMs = 24 * 60 * 60 * 1000;
/** Engine calls at once in one round. */
const sampleConcurrency = 8;

const rangeMs: Record<HistoryRange, number> = { '1h': 60 * 60 * 1000, '24h': 24 * 60 * 60 * 1000 };

export interface RoundResult {
  /** Samples this instance took. */
  sampled: number;
  /** Servers another instance had already claimed for this minute. */
  claimedElsewhere: number;
  /** Samples claimed but not taken (the engine failed). */
  failed: number;
}

/**
 * The panel's resource history (docs/decisions.md 13): every minute, CPU, memory and disk of
 * each server that had a panel session in the last 24 hours, stored in the database so every
 * instance draws the same chart. To sample after the session ended, the latest session's key is
 * kept, encrypted like the sessions' own, until 24 hours after it; a key the engine refuses is
 * forgotten at once. Several instances share the work: each claims a server's minute by
 * writing its row first (the table's key), and only the instance that wrote it asks the engine.
 */
export class HistorySampler {
  private readonly db: Kysely<Database>;
  private readonly driver: GameServerDriver;
  private readonly crypto: SessionCrypto;
  private readonly now: () => number;
  private readonly log: { debug(obj: object, msg: string): void };

  constructor(deps: {
    db: Kysely<Database>;
    driver: GameServerDriver;
    crypto: SessionCrypto;
    now?: () => number;
    log: { debug(obj: object, msg: string): void };
  }) {
    this.db = deps.db;
    this.driver = deps.driver;
    this.crypto = deps.crypto;
    this.now = deps.now ?? Date.now;
    this.log = deps.log;
  }

  /** The authenticated data of a kept key: it decrypts only for its own server and driver. */
  private aad(serverId: string): string {
    return `panel history ${this.driver.name} ${serverId}`;
  }

  /** A session started: sample this server with its key until 24 hours after the session ends. */
  async sessionStarted(serverId: string, key: string, sessionUntil: number): Promise<void> {
    await watchServer(this.db, { serverId, driver: this.driver.name, keyCiphertext: this.crypto.encrypt(key, this.aad(serverId)), sessionUntil });
  }

  /**
   * A session ended (disconnect, or the engine refused its key). The 24 hours count from the end
   * of the server's latest session still live, or from now; a refused key is forgotten at once.
   */
  async sessionEnded(serverId: string, keyRefused: boolean): Promise<void> {
    if (keyRefused) {
      await forgetWatched(this.db, { serverId, driver: this.driver.name });
      return;
    }
    const now = this.now();
    await setSessionUntil(this.db, serverId, this.driver.name, (await latestSessionEnd(this.db, serverId, this.driver.name, now)) ?? now);
  }

  /** One round: a sample of every watched server whose minute no other instance has claimed. */
  async sampleRound(): Promise<RoundResult> {
    const now = this.now();
    const minute = Math.floor(now / historyIntervalMs);
    await forgetWatched(this.db, { before: now - watchAfterSessionMs });
    const servers = await watchedServers(this.db, this.driver.name, now - watchAfterSessionMs);
    const result: RoundResult = { sampled: 0, claimedElsewhere: 0, failed: 0 };
    const queue = [...servers];
    const worker = async () => {
      for (let server = queue.shift(); server; server = queue.shift()) {
        const { serverId } = server;
        if (!(await claimSample(this.db, serverId, this.driver.name, minute, now))) {
          result.claimedElsewhere += 1;
          continue;
        }
        const key = this.crypto.decrypt(server.keyCiphertext, this.aad(serverId));
        if (key === undefined) {
          // Made under another SESSION_SECRET: useless now.
          await forgetWatched(this.db, { serverId, driver: this.driver.name });
          result.failed += 1;
          continue;
        }
        try {
          const resources = await this.driver.getResources({ serverId, key });
          await fillSample(this.db, serverId, this.driver.name, minute, {
            at: this.now(),
            cpu: resources.cpu.current,
            memory: resources.memory.current,
            disk: resources.disk.current,
          });
          result.sampled += 1;
        } catch (error) {
          // The claimed row stays empty: a gap in the chart, as there is no figure for that minute.
          result.failed += 1;
          if (error instanceof HttpError && error.statusCode === 401) await forgetWatched(this.db, { serverId, driver: this.driver.name });
          this.log.debug({ err: error, server: serverId }, 'resource sample not taken');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(sampleConcurrency, servers.length) }, worker));
    return result;
  }

  async history(serverId: string, range: HistoryRange): Promise<HistoryAnswer> {
    const since = this.now() - rangeMs[range];
    return { range, intervalMs: historyIntervalMs, samples: await samplesOf(this.db, serverId, this.driver.name, since) };
  }

  async purge(cutoff: number): Promise<{ samples: number }> {
    return { samples: await purgeSamples(this.db, cutoff) };
  }
}
