import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { afterCheck, type OwnEntry, type OwnServer, storedOf, unchecked } from '../../lib/own-server-entries.ts';
import type { NewServer } from './AddServerForm.tsx';
import { announce } from './announce.tsx';
import { loadOwnServers, saveOwnServers } from './own-servers.ts';
import { checkServer } from './status-api.ts';

/** How often a visitor's own server is checked while the page is open. */
const ownCheckEveryMs = 30_000;

/**
 * The visitor's own servers on the board (this browser only): read once from localStorage, each
 * one with an address checked through POST /api/status/check now and every 30 s, a change of
 * state announced. `add` resolves to an error message to show, or undefined once the entry is added.
 */
export function useOwnServers(): { own: OwnEntry[]; add: (server: NewServer) => Promise<string | undefined>; remove: (id: string) => void } {
  const [own, setOwn] = useState<OwnEntry[]>([]);
  const ownRef = useRef<OwnEntry[]>([]);

  const showOwn = useCallback((next: OwnEntry[]) => {
    ownRef.current = next;
    setOwn(next);
  }, []);

  const check = useCallback(
    async (entry: OwnServer): Promise<void> => {
      if (!entry.address) return;
      let next: (e: OwnEntry) => OwnEntry;
      try {
        const answer = await checkServer(entry.address, entry.type);
        const before = ownRef.current.find((e) => e.id === entry.id);
        if (!before) return;
        const after = afterCheck(before, answer, Date.now());
        if (before.status !== 'pending' && after.status !== 'pending' && before.status !== after.status) announce(before.name, after.status);
        next = () => after;
      } catch (error) {
        const problem = error instanceof ApiError && error.status !== 0 ? error.message : 'The check could not reach our server; retrying in 30 seconds.';
        next = (e) => ({ ...e, problem });
      }
      showOwn(ownRef.current.map((e) => (e.id === entry.id ? next(e) : e)));
    },
    [showOwn],
  );

  useEffect(() => {
    const stored = loadOwnServers().map(unchecked);
    showOwn(stored);
    for (const entry of stored) void check(entry);
    const timer = setInterval(() => {
      for (const entry of ownRef.current) void check(entry);
    }, ownCheckEveryMs);
    return () => clearInterval(timer);
  }, [check, showOwn]);

  const add = useCallback(
    async (server: NewServer): Promise<string | undefined> => {
      let first = unchecked({
        id: `own-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
        name: server.name,
        type: server.type,
        addedAt: Date.now(),
        ...(server.address ? { address: server.address } : {}),
      });
      if (server.address) {
        try {
          first = afterCheck(first, await checkServer(server.address, server.type), Date.now());
        } catch (error) {
          if (error instanceof ApiError && (error.status === 400 || error.status === 429)) return error.message;
          return 'The check could not be run. Please try again.';
        }
      }
      const next = [...ownRef.current, first];
      showOwn(next);
      saveOwnServers(storedOf(next));
      notifySuccess(`${server.name} added to your board`);
      return undefined;
    },
    [showOwn],
  );

  const remove = useCallback(
    (id: string): void => {
      const next = ownRef.current.filter((e) => e.id !== id);
      showOwn(next);
      saveOwnServers(storedOf(next));
    },
    [showOwn],
  );

  return { own, add, remove };
}
