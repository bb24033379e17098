import { Counter, Gauge, type Registry } from 'prom-client';
import type { SseHub } from '../status-events/sse-hub.ts';
import type { StatusService } from './status-service.ts';

/** The status capability's metrics: live streams, prober leadership, and each monitor's probes. */
export function registerStatusMetrics(registry: Registry, service: StatusService, hub: SseHub): void {
  new Gauge({
    name: 'hostfront_status_streams_open',
    help: 'Live status streams (Server-Sent Events) open on this instance.',
    registers: [registry],
    collect() {
      this.set(hub.size);
    },
  });
  new Gauge({
    name: 'hostfront_status_prober_leader',
    help: '1 while this instance runs the probes (one instance per cluster), else 0.',
    registers: [registry],
    collect() {
      this.set(service.probing ? 1 : 0);
    },
  });
  const results = new Counter({
    name: 'hostfront_probe_results_total',
    help: 'Probes run by this instance, per monitor and result (ok: it answered).',
    labelNames: ['monitor', 'result'],
    registers: [registry],
  });
  const latency = new Gauge({
    name: 'hostfront_probe_latency_seconds',
    help: "Each monitor's latest answer time (0 when its latest probe got no answer).",
    labelNames: ['monitor'],
    registers: [registry],
  });
  // Every monitor's series exists from the start (at 0), and from its creation for a new one.
  const known = new Set<string>();
  const initialise = () => {
    for (const m of service.catalog.all) {
      if (known.has(m.id)) continue;
      known.add(m.id);
      for (const result of ['ok', 'fail']) results.inc({ monitor: m.id, result }, 0);
    }
  };
  initialise();
  service.catalog.onChange(initialise);
  service.onProbed((round) => {
    for (const update of round.updates) {
      // A failed probe is stored with latency 0.
      results.inc({ monitor: update.id, result: update.latency > 0 ? 'ok' : 'fail' });
      latency.set({ monitor: update.id }, update.latency / 1000);
    }
  });
}
