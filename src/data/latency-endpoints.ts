import { datacenters } from './datacenters.ts';
import { locations } from './locations.ts';

/** The origins of latency endpoints on other sites: the CSP's connect-src must allow them (scripts/postbuild.ts). */
export function latencyEndpointOrigins(): string[] {
  const urls = [...locations.map((l) => l.pingUrl), ...datacenters.locations.map((d) => d.pingUrl)];
  return [...new Set(urls.filter((u): u is string => u?.startsWith('https://') === true).map((u) => new URL(u).origin))];
}
