import type { DriverLog } from './panel-client.ts';
import { listAttributes, record, related } from './panel-subusers.ts';

/** The list is read again after this long: a subuser made in the panel shows up within it. */
export const subuserIndexTtlMs = 30_000;
/** The application API answers at most 100 servers a page (QueryValueOutOfRangeHttpException above). */
const pageSize = 100;
/** 50 pages, 5,000 servers: past that the panel's own subusers beyond are not listed (and a warning says so). */
const maxPages = 50;

export interface SubuserIndex {
  /** The servers (application API attributes, with relationships) where this panel user is a subuser, not the owner. */
  sharedWith(userId: number): Promise<Array<Record<string, unknown>>>;
  /** Forgets the list: a share made, changed or removed here shows at once. */
  forget(): void;
}

/**
 * Which servers each panel user is a subuser of (docs/decisions.md 94). The panel has no call for
 * "servers this user is a subuser of"; the cheapest documented way is the application API's
 * server list with its subusers (`GET /api/application/servers?include=subusers,…`, 100 a page),
 * read once for every customer and kept `subuserIndexTtlMs`. It only decides what "Shared with
 * me" lists: opening a server and every request on it read that server's subusers afresh.
 */
export function createSubuserIndex(deps: { read(path: string): Promise<unknown>; now: () => number; log: DriverLog; includes: string }): SubuserIndex {
  let cached: { at: number; servers: Promise<Array<Record<string, unknown>>> } | undefined;

  async function load(): Promise<Array<Record<string, unknown>>> {
    const servers: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page++) {
      const body = await deps.read(`/api/application/servers?include=${deps.includes}&per_page=${pageSize}&sort=id&page=${page}`);
      servers.push(...listAttributes(body));
      const pagination = record(record(record(body)?.meta)?.pagination);
      const pages = typeof pagination?.total_pages === 'number' ? pagination.total_pages : 1;
      if (page >= pages) break;
      if (page >= maxPages) {
        deps.log.warn(
          { pages, read: maxPages },
          'the panel has more servers than "Shared with me" reads; subusers made in the panel on the rest are not listed',
        );
        break;
      }
    }
    return servers;
  }

  function servers(): Promise<Array<Record<string, unknown>>> {
    const at = deps.now();
    if (!cached || at - cached.at >= subuserIndexTtlMs) {
      const loading = load();
      cached = { at, servers: loading };
      // A failed read is not kept: the next list tries again.
      loading.catch(() => {
        if (cached?.servers === loading) cached = undefined;
      });
    }
    return cached.servers;
  }

  return {
    async sharedWith(userId) {
      const all = await servers();
      return all.filter((server) => server.user !== userId && related(server, 'subusers').some((subuser) => subuser.user_id === userId));
    },
    forget() {
      cached = undefined;
    },
  };
}
