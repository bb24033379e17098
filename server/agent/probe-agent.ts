import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { maxResultsPerBatch, type AgentMonitor, type AgentMonitorList, type AgentResultsBatch } from '../../contracts/probe-locations.ts';
import { probe, probeUserAgent } from '../status/probes.ts';
import type { AgentOptions } from './agent-options.ts';
import { startPingServer } from './ping-server.ts';
import { ResultBuffer } from './result-buffer.ts';

export interface AgentLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** How long one request to the site may take before it counts as failed. */
const requestTimeoutMs = 10_000;
/** Probes running at once, at most. */
const concurrency = 64;

/**
 * A probe agent at one location (docs/decisions.md 47-48), with no database: it reads its
 * monitors from the site, probes each on its interval with the site's own probe code, and sends
 * the results in batches. While the site cannot be reached it keeps probing into a bounded
 * buffer (the oldest dropped first, and counted), then sends what it kept, oldest first, so the
 * location's history has no hole. It answers visitors' pings on GET /ping.
 */
export class ProbeAgent {
  private readonly options: AgentOptions;
  private readonly log: AgentLog;
  readonly buffer: ResultBuffer;
  private monitors: AgentMonitor[] = [];
  private readonly nextDue = new Map<string, number>();
  private readonly running = new Set<string>();
  private siteOrigin: string;
  private ping: http.Server | undefined;
  private timers: NodeJS.Timeout[] = [];
  private probeTimer: NodeJS.Timeout | undefined;
  private sending = false;
  private lastContact = 0;
  private reachable = true;
  private stopped = false;
  private inFlight = 0;
  /** Called when the site refuses the token (revoked): the agent cannot go on. */
  onRefused: () => void = () => {};

  constructor(options: AgentOptions, log: AgentLog) {
    this.options = options;
    this.log = log;
    this.buffer = new ResultBuffer(options.bufferSize);
    this.siteOrigin = new URL(options.site).origin;
  }

  /** The ping endpoint's port (after start). */
  get pingPort(): number {
    return (this.ping?.address() as AddressInfo | null)?.port ?? 0;
  }

  get pingUrl(): string {
    return this.options.pingUrl ?? `http://${this.options.pingHost.includes(':') ? `[${this.options.pingHost}]` : this.options.pingHost}:${this.pingPort}/ping`;
  }

  async start(): Promise<void> {
    this.ping = await startPingServer({ host: this.options.pingHost, port: this.options.pingPort, origin: () => this.siteOrigin });
    this.log.info(`probe agent for ${this.options.location}: site ${this.options.site}, ping endpoint ${this.pingUrl}`);
    await this.refresh();
    this.every(this.options.refreshMs, () => void this.refresh());
    this.every(250, () => void this.send());
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.probeTimer);
    await new Promise<void>((resolve) => (this.ping ? this.ping.close(() => resolve()) : resolve()));
    this.ping?.closeAllConnections();
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    this.timers.push(timer);
  }

  private headers(json: boolean): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
      'user-agent': probeUserAgent(this.options.location),
    };
  }

  /** Reads the monitors to probe; a failure keeps the ones known. */
  private async refresh(): Promise<void> {
    try {
      const response = await fetch(`${this.options.site}/api/probes/monitors`, { headers: this.headers(false), signal: AbortSignal.timeout(requestTimeoutMs) });
      if (response.status === 401) return this.refused();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const list = (await response.json()) as AgentMonitorList;
      this.siteOrigin = list.siteOrigin;
      const known = new Set(list.monitors.map((m) => m.id));
      for (const id of this.nextDue.keys()) if (!known.has(id)) this.nextDue.delete(id);
      const now = Date.now();
      for (const m of list.monitors) if (!this.nextDue.has(m.id)) this.nextDue.set(m.id, now);
      this.monitors = list.monitors;
      this.contact(true);
      this.reschedule();
    } catch (error) {
      this.contact(false, error);
    }
  }

  private refused(): void {
    this.log.error('the site refused this token (unknown or revoked): make a new one with `npm run agents -- add LOCATION`');
    this.onRefused();
  }

  private contact(ok: boolean, error?: unknown): void {
    if (ok) {
      this.lastContact = Date.now();
      if (!this.reachable) this.log.info(`the site answers again; sending ${this.buffer.size} buffered results`);
      this.reachable = true;
    } else if (this.reachable) {
      this.reachable = false;
      this.log.warn(`cannot reach the site (${error instanceof Error ? error.message : String(error)}): probing on, buffering results`);
    }
  }

  private reschedule(): void {
    clearTimeout(this.probeTimer);
    this.tick();
  }

  private tick(): void {
    if (this.stopped) return;
    const now = Date.now();
    for (const m of this.monitors) {
      const at = this.nextDue.get(m.id);
      if (at === undefined || at > now || this.running.has(m.id) || this.inFlight >= concurrency) continue;
      const intervalMs = m.intervalSeconds * 1000;
      // Keep the cadence, never a burst after a stall.
      this.nextDue.set(m.id, at + intervalMs > now ? at + intervalMs : now + intervalMs);
      void this.probeOne(m);
    }
    const next = Math.min(...this.monitors.map((m) => this.nextDue.get(m.id) ?? Number.POSITIVE_INFINITY), now + 1000);
    this.probeTimer = setTimeout(() => this.tick(), Math.max(10, next - Date.now()));
  }

  private async probeOne(m: AgentMonitor): Promise<void> {
    this.running.add(m.id);
    this.inFlight++;
    try {
      const result = await probe({
        type: m.type,
        target: m.target,
        settings: m.settings,
        timeoutMs: m.timeoutSeconds * 1000,
        userAgent: probeUserAgent(this.options.location),
      });
      if (this.stopped) return;
      this.buffer.push({
        monitorId: m.id,
        at: Date.now(),
        ok: result.ok,
        latency: result.ok ? result.latency : 0,
        ...(result.ok ? {} : { error: (result.error ?? 'no answer').slice(0, 300) }),
        ...(result.ok && result.players ? { players: result.players } : {}),
        ...(result.ok && result.version ? { version: result.version.slice(0, 100) } : {}),
      });
    } finally {
      this.running.delete(m.id);
      this.inFlight--;
    }
  }

  /**
   * Sends the oldest buffered results (a batch at a time, until the buffer is empty), or, with
   * nothing to send, a heartbeat every second so the site knows this location reports.
   */
  async send(): Promise<void> {
    if (this.sending || this.stopped) return;
    if (this.buffer.size === 0 && Date.now() - this.lastContact < 1000) return;
    this.sending = true;
    try {
      do {
        const batch = this.buffer.take(maxResultsPerBatch);
        const body: AgentResultsBatch = { results: batch.results, dropped: batch.dropped, pingUrl: this.pingUrl };
        const response = await fetch(`${this.options.site}/api/probes/results`, {
          method: 'POST',
          headers: this.headers(true),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        if (response.status === 401) return this.refused();
        if (response.status >= 400 && response.status < 500) {
          // The site will never take this batch: say why, and do not send it again.
          this.log.error(`the site refused a batch of ${batch.results.length} results: ${await response.text()}`);
          this.buffer.acknowledge(batch);
          continue;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await response.body?.cancel();
        this.buffer.acknowledge(batch);
        if (batch.dropped) this.log.warn(`${batch.dropped} results were dropped while the site was unreachable (the buffer holds ${this.buffer.capacity})`);
        this.contact(true);
      } while (this.buffer.size > 0 && !this.stopped);
    } catch (error) {
      this.contact(false, error);
    } finally {
      this.sending = false;
    }
  }
}
