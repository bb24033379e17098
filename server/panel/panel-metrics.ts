import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { HttpError } from '../lib/http-error.ts';
import { latencyBuckets } from '../plugins/metrics.ts';
import type { GameServerDriver } from './driver.ts';
import type { PanelService } from './panel-service.ts';

/**
 * Wraps a driver so that every call to the engine is timed, by operation and outcome (ok, or the
 * error code the engine's answer became). The wrapper forwards every method, new ones included.
 */
export function timedDriver<D extends GameServerDriver>(driver: D, registry: Registry): D {
  const calls = new Histogram({
    name: 'hostfront_panel_engine_duration_seconds',
    help: 'Calls to the game-server engine (local processes or the Pterodactyl panel), by operation and outcome.',
    labelNames: ['driver', 'operation', 'outcome'],
    buckets: latencyBuckets,
    registers: [registry],
  });
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'close' || typeof property !== 'string') return value;
      return async (...args: unknown[]) => {
        const started = process.hrtime.bigint();
        let outcome = 'ok';
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          outcome = error instanceof HttpError ? error.code : 'internal';
          throw error;
        } finally {
          calls.observe({ driver: target.name, operation: property, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
        }
      };
    },
  });
}

/** Resource history samples, by what became of them (server/panel/history-sampler.ts). */
export function historySampleCounter(registry: Registry): Counter<'outcome'> {
  return new Counter({
    name: 'hostfront_panel_history_samples_total',
    help: 'Resource history samples on this instance: taken, claimed by another instance first, or failed (the engine did not answer).',
    labelNames: ['outcome'],
    registers: [registry],
  });
}

/** The panel's own gauges: console sockets open and consoles being relayed. */
export function registerPanelMetrics(registry: Registry, service: PanelService): void {
  new Gauge({
    name: 'hostfront_console_sockets_open',
    help: 'Console WebSockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(service.sockets.size);
    },
  });
  new Gauge({
    name: 'hostfront_console_viewers',
    help: 'Console viewers the relay sends to on this instance.',
    registers: [registry],
    collect() {
      this.set(service.hub.viewerCount);
    },
  });
}
