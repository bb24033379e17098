import { HttpError } from '../lib/http-error.ts';

/** How many console sockets may be open at once. */
export interface SocketCaps {
  /** Per panel session (tabs of one browser). */
  perSession: number;
  /** Per client address (IPv6 by /64): a household or office shares one. */
  perAddress: number;
  /** On this instance. */
  total: number;
}

export const defaultSocketCaps: SocketCaps = { perSession: 8, perAddress: 32, total: 2000 };

/** Seconds a refused console is told to wait before it tries again. */
const retryAfterSeconds = 30;

/**
 * Counts open console sockets by session, by address and in all, and refuses one more past a
 * cap (before the upgrade is accepted), so sockets cannot be opened until memory runs out.
 */
export class SocketLimits {
  private readonly caps: SocketCaps;
  private readonly bySession = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(caps: SocketCaps = defaultSocketCaps) {
    this.caps = caps;
  }

  /** Takes a place, or throws the HttpError the upgrade is refused with; `release` gives it back. */
  acquire(session: string, address: string): () => void {
    const retry = { headers: { 'retry-after': String(retryAfterSeconds) } };
    if (this.total >= this.caps.total) throw new HttpError(503, 'busy', 'Too many consoles are open on this server right now. Try again shortly.', retry);
    if ((this.byAddress.get(address) ?? 0) >= this.caps.perAddress) {
      throw new HttpError(429, 'rate_limited', 'Too many consoles are open from your address. Close some and try again.', retry);
    }
    if ((this.bySession.get(session) ?? 0) >= this.caps.perSession) {
      throw new HttpError(429, 'rate_limited', `At most ${this.caps.perSession} consoles may be open for one connection. Close a tab and try again.`, retry);
    }
    this.total += 1;
    this.bySession.set(session, (this.bySession.get(session) ?? 0) + 1);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      for (const [map, key] of [
        [this.bySession, session],
        [this.byAddress, address],
      ] as const) {
        const left = (map.get(key) ?? 1) - 1;
        if (left > 0) map.set(key, left);
        else map.delete(key);
      }
    };
  }
}
