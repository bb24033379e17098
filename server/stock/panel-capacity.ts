import { createPanelClient, type DriverLog } from '../panel/pterodactyl/panel-client.ts';
import type { CapacitySource, LocationCapacity } from './capacity-source.ts';
import { fitsOnNodes, type PanelNode } from './node-fit.ts';

export interface PanelCapacityOptions {
  panelUrl: string;
  applicationKey: string;
  /** Our location id → the panel location's `short` code; unset ids match a `short` equal to them (case-insensitive). */
  locationMap: Record<string, string>;
  log: DriverLog;
  timeoutMs?: number;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);

/** A node from the application API's NodeTransformer (allocated_resources: the sums of its servers' limits). */
function nodeOf(attributes: Record<string, unknown>): PanelNode {
  const allocated = (attributes.allocated_resources ?? {}) as Record<string, unknown>;
  return {
    id: num(attributes.id),
    name: String(attributes.name ?? attributes.id),
    locationId: num(attributes.location_id),
    public: attributes.public !== false && attributes.public !== 0,
    maintenance: attributes.maintenance_mode === true || attributes.maintenance_mode === 1,
    memory: num(attributes.memory),
    memoryOverallocate: num(attributes.memory_overallocate),
    disk: num(attributes.disk),
    diskOverallocate: num(attributes.disk_overallocate),
    allocatedMemory: num(allocated.memory),
    allocatedDisk: num(allocated.disk),
  };
}

interface ListPage {
  data?: { attributes?: Record<string, unknown> }[];
  meta?: { pagination?: { current_page?: number; total_pages?: number } };
}

/**
 * Capacity from Pterodactyl or Pelican (docs/decisions.md 101): the application API's locations
 * and nodes (`GET /api/application/locations`, `GET /api/application/nodes`, every page), each
 * node's size, overallocation and allocated resources, grouped by our locations.
 */
export function panelCapacity(options: PanelCapacityOptions): CapacitySource {
  const panel = createPanelClient({ panelUrl: options.panelUrl, timeoutMs: options.timeoutMs ?? 10_000, maxRetryWaitSeconds: 2, log: options.log });

  async function all(path: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; page <= 50; page++) {
      const body = (await panel.request(options.applicationKey, 'GET', `${path}?per_page=100&page=${page}`)) as ListPage;
      out.push(...(body.data ?? []).map((d) => d.attributes ?? {}));
      const pages = body.meta?.pagination?.total_pages ?? 1;
      if (page >= pages) break;
    }
    return out;
  }

  return {
    name: 'panel',
    async read(locationIds) {
      const [locations, nodes] = [await all('/api/application/locations'), (await all('/api/application/nodes')).map(nodeOf)];
      const panelIdOf = new Map<string, number>();
      for (const id of locationIds) {
        const short = (options.locationMap[id] ?? id).toLowerCase();
        const found = locations.find((l) => String(l.short ?? '').toLowerCase() === short);
        if (found) panelIdOf.set(id, num(found.id));
      }
      const result = new Map<string, LocationCapacity>();
      for (const id of locationIds) {
        const panelId = panelIdOf.get(id);
        const here = panelId === undefined ? [] : nodes.filter((n) => n.locationId === panelId);
        const open = here.filter((n) => n.public && !n.maintenance);
        const detail =
          panelId === undefined
            ? `no panel location "${options.locationMap[id] ?? id}"`
            : `${here.length} node${here.length === 1 ? '' : 's'} (${open.length} public, not in maintenance)`;
        result.set(id, { fits: (memoryMb, diskMb, cap) => fitsOnNodes(here, memoryMb, diskMb, cap), detail });
      }
      return result;
    },
  };
}
