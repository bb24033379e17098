import { failed, type ProbeResult, probeUserAgent } from './probe-result.ts';
import { findMonitorType } from './monitor-types/index.ts';

export { probeHttp } from './monitor-types/http.ts';
export { probeMinecraft } from './monitor-types/minecraft.ts';
export { probeTcp } from './monitor-types/tcp.ts';
export { probeUserAgent, type ProbeResult };

export interface ProbeOptions {
  /** A registered monitor type (server/status/monitor-types/index.ts). */
  type: string;
  /** host:port (tcp, minecraft), a URL (http), a name (dns): what the type takes. */
  target: string;
  /** The type's own settings ({} when it has none). */
  settings?: Record<string, unknown>;
  timeoutMs: number;
  /**
   * Connect to this IP instead of resolving the target's host name again (the public checker
   * resolves once, checks the address, then connects to exactly that address).
   */
  connectAddress?: string;
  /** HTTP probes' User-Agent (probeUserAgent): names the product and the location. */
  userAgent?: string;
}

/** Runs the probe a monitor (or a visitor's check) asks for, by its type's module. */
export function probe(options: ProbeOptions): Promise<ProbeResult> {
  const type = findMonitorType(options.type);
  if (!type) return Promise.resolve(failed(new Error(`unknown monitor type ${options.type}`)));
  return type.check({
    target: options.target,
    settings: options.settings ?? {},
    timeoutMs: options.timeoutMs,
    ...(options.connectAddress === undefined ? {} : { connectAddress: options.connectAddress }),
    userAgent: options.userAgent ?? probeUserAgent('site'),
  });
}
