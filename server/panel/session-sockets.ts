/** A console socket as the session registry needs it. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** The console sockets open for each panel session, so ending a session closes them too. */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<ClosableSocket>>();

  add(sessionIdHash: string, socket: ClosableSocket): void {
    const sockets = this.bySession.get(sessionIdHash) ?? new Set<ClosableSocket>();
    sockets.add(socket);
    this.bySession.set(sessionIdHash, sockets);
  }

  remove(sessionIdHash: string, socket: ClosableSocket): void {
    const sockets = this.bySession.get(sessionIdHash);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.bySession.delete(sessionIdHash);
  }

  /** Closes every socket of a session (4401: the browser then shows it is disconnected). */
  closeAll(sessionIdHash: string, reason: string): void {
    for (const socket of this.bySession.get(sessionIdHash) ?? []) socket.close(4401, reason);
    this.bySession.delete(sessionIdHash);
  }

  /** Open sockets in all. */
  get size(): number {
    let count = 0;
    for (const sockets of this.bySession.values()) count += sockets.size;
    return count;
  }
}
