import net from 'node:net';
import { Resolver } from 'node:dns/promises';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { splitHostPort } from '../../lib/host-port.ts';
import { elapsed, failed } from '../probe-result.ts';
import { defineMonitorType } from './monitor-type.ts';

const recordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
type RecordType = (typeof recordTypes)[number];

/** A name server given as IP, IP:port or [IPv6]:port, as node:dns's setServers takes it; undefined when it is not one. */
function nameServer(value: string): string | undefined {
  const parts = net.isIPv6(value) ? { host: value, port: undefined } : splitHostPort(value);
  if (!parts || !net.isIP(parts.host)) return undefined;
  if (parts.port === undefined) return parts.host;
  return net.isIPv6(parts.host) ? `[${parts.host}]:${parts.port}` : `${parts.host}:${parts.port}`;
}

const hostName = /^(?=.{1,253}\.?$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.?$/i;

const settings = z.strictObject({
  recordType: z
    .enum(recordTypes, { error: 'must be A, AAAA, CNAME, MX or TXT' })
    .default('A')
    .meta({ title: 'Record type', description: 'The kind of answer asked for.' }),
  expected: z.string().trim().min(1, 'is required').max(500).meta({
    title: 'Expected answer',
    description: 'Up when one answer is this: an address (A, AAAA), a name (CNAME), the mail host or "10 mail.example.com" (MX), the text (TXT).',
  }),
  resolver: z
    .string()
    .trim()
    .max(60)
    .refine((v) => v === '' || nameServer(v) !== undefined, 'must be an IP address, with :port when not 53')
    .optional()
    .meta({ title: 'Name server', description: 'IP[:port] of the name server asked; empty: the system’s.' }),
});

/** Names compare without case and without the root's trailing dot; addresses in one spelling. */
function normal(recordType: RecordType, value: string): string {
  if (recordType === 'TXT') return value;
  if (recordType === 'AAAA' && net.isIPv6(value)) return new net.SocketAddress({ address: value, family: 'ipv6' }).address;
  return value.trim().toLowerCase().replace(/\.$/, '');
}

/** Every answer for the name, as text: MX answers both as "10 mail.example.com" and as the host alone. */
async function answers(resolver: Resolver, name: string, recordType: RecordType): Promise<string[]> {
  if (recordType === 'A') return resolver.resolve4(name);
  if (recordType === 'AAAA') return resolver.resolve6(name);
  if (recordType === 'CNAME') return resolver.resolveCname(name);
  if (recordType === 'MX') return (await resolver.resolveMx(name)).flatMap((mx) => [`${mx.priority} ${mx.exchange}`, mx.exchange]);
  return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
}

/**
 * A DNS record (docs/decisions.md 114): the name's answers of one type, from the system's name
 * server or a given one, up when one of them is the expected value; latency to the answer.
 */
export const dnsMonitor = defineMonitorType({
  type: 'dns',
  label: 'DNS record',
  targetHint: 'The name to look up, such as play.example.com.',
  settings,
  targetProblem: (target) => (hostName.test(target) ? undefined : 'must be a host name such as play.example.com'),
  // The name server is the one address a check reaches; the name itself is only asked about.
  hostsOf: (_target, s) => {
    const server = s.resolver ? nameServer(s.resolver) : undefined;
    return server === undefined ? [] : [splitHostPort(server)?.host ?? server];
  },
  async check({ target, settings: s, timeoutMs }) {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    const server = s.resolver ? nameServer(s.resolver) : undefined;
    if (server) resolver.setServers([server]);
    const start = performance.now();
    // The resolver's own timeout is per try; this bounds the whole look-up.
    const timer = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      const got = await answers(resolver, target, s.recordType);
      const latency = elapsed(start);
      const expected = normal(s.recordType, s.expected);
      if (got.some((a) => normal(s.recordType, a) === expected)) return { ok: true, latency };
      const shown = s.recordType === 'MX' ? got.filter((_a, i) => i % 2 === 0) : got;
      return failed(new Error(`DNS ${s.recordType} ${target} answered ${shown.join(', ') || 'nothing'}, not the expected ${s.expected}`));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return failed(
        new Error(code === 'ECANCELLED' ? `no DNS answer within ${timeoutMs} ms` : `DNS ${s.recordType} ${target}: ${code ?? (error as Error).message}`),
      );
    } finally {
      clearTimeout(timer);
    }
  },
});
