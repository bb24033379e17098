import { Resolver } from 'node:dns/promises';

export interface NameResolverOptions {
  /** Name servers (IP[:port]); the system's (/etc/resolv.conf) when undefined. */
  servers?: string[] | undefined;
  /** The whole look-up, A and AAAA together, gives up after this. */
  timeoutMs: number;
}

/**
 * Resolves a visitor's host name with c-ares (dns.Resolver), which does its own network I/O:
 * unlike dns.lookup (getaddrinfo), it never occupies a thread of libuv's pool, so slow name
 * servers cannot stall file reads, scrypt or compression. It does not read /etc/hosts either,
 * so names only this machine knows stay unknown to the checker.
 */
export class NameResolver {
  private readonly options: NameResolverOptions;

  constructor(options: NameResolverOptions) {
    this.options = options;
  }

  /** Every A and AAAA address of the name; empty when it has none, cannot be found or took too long. */
  async resolve(name: string): Promise<string[]> {
    const { timeoutMs, servers } = this.options;
    // One resolver per look-up, so giving up on this one cancels nothing else.
    const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
    if (servers?.length) resolver.setServers(servers);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const lookups = Promise.all([resolver.resolve4(name).catch(() => []), resolver.resolve6(name).catch(() => [])]);
    try {
      const result = await Promise.race([lookups, deadline]);
      if (result === 'timeout') {
        resolver.cancel();
        return [];
      }
      return [...result[0], ...result[1]];
    } finally {
      clearTimeout(timer);
    }
  }
}
