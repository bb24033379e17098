import type { FakeAnswer } from './fake-panel-answer.ts';

/**
 * The panel's locations and nodes as the application API gives them (Pterodactyl's
 * LocationTransformer and NodeTransformer: a node's size in MiB, its overallocation in percent,
 * `public`, `maintenance_mode`, and `allocated_resources`, the sums of its servers' memory and
 * disk limits), paginated. Tests fill a node (`allocate`) and empty it again.
 */

export interface FakeNode {
  id: number;
  name: string;
  locationId: number;
  public: boolean;
  maintenanceMode: boolean;
  memory: number;
  memoryOverallocate: number;
  disk: number;
  diskOverallocate: number;
  allocated: { memory: number; disk: number };
}

export interface FakePanelLocation {
  id: number;
  short: string;
  long: string;
}

export class FakePanelNodes {
  readonly locations: FakePanelLocation[] = [];
  readonly nodes: FakeNode[] = [];
  /** Items per page the fake answers with (the panel's default is 50; tests make it small to page). */
  perPage = 50;

  addLocation(short: string, long = short): FakePanelLocation {
    const location = { id: this.locations.length + 1, short, long };
    this.locations.push(location);
    return location;
  }

  addNode(input: Partial<Omit<FakeNode, 'id'>> & { locationId: number }): FakeNode {
    const node: FakeNode = {
      id: this.nodes.length + 1,
      name: `node-${this.nodes.length + 1}`,
      public: true,
      maintenanceMode: false,
      memory: 16_384,
      memoryOverallocate: 0,
      disk: 204_800,
      diskOverallocate: 0,
      allocated: { memory: 0, disk: 0 },
      ...input,
    };
    this.nodes.push(node);
    return node;
  }

  /** Sets what the node's servers take (as creating or deleting servers on it would). */
  allocate(nodeId: number, allocated: { memory: number; disk: number }): void {
    const node = this.nodes.find((n) => n.id === nodeId);
    if (!node) throw new Error(`no fake node ${nodeId}`);
    node.allocated = { ...allocated };
  }
}

function page<T>(items: T[], url: URL, defaultPerPage: number, wrap: (item: T) => unknown) {
  const perPage = Math.min(Number(url.searchParams.get('per_page') ?? defaultPerPage) || defaultPerPage, defaultPerPage);
  const current = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((current - 1) * perPage, current * perPage);
  return {
    object: 'list',
    data: slice.map(wrap),
    meta: { pagination: { total: items.length, count: slice.length, per_page: perPage, current_page: current, total_pages: totalPages, links: {} } },
  };
}

/** GET /api/application/locations and /api/application/nodes; undefined for any other path. */
export function handleNodes(nodes: FakePanelNodes, url: URL): FakeAnswer | undefined {
  if (url.pathname === '/api/application/locations') {
    return {
      status: 200,
      body: page(nodes.locations, url, nodes.perPage, (l) => ({
        object: 'location',
        attributes: { ...l, created_at: '2026-01-01T00:00:00+00:00', updated_at: null },
      })),
    };
  }
  if (url.pathname === '/api/application/nodes') {
    return {
      status: 200,
      body: page(nodes.nodes, url, nodes.perPage, (n) => ({
        object: 'node',
        attributes: {
          id: n.id,
          uuid: `0000000${n.id}-0000-4000-8000-000000000000`,
          public: n.public,
          name: n.name,
          description: null,
          location_id: n.locationId,
          fqdn: `${n.name}.example.test`,
          scheme: 'https',
          behind_proxy: false,
          maintenance_mode: n.maintenanceMode,
          memory: n.memory,
          memory_overallocate: n.memoryOverallocate,
          disk: n.disk,
          disk_overallocate: n.diskOverallocate,
          upload_size: 100,
          daemon_listen: 8080,
          daemon_sftp: 2022,
          daemon_base: '/var/lib/pterodactyl/volumes',
          created_at: '2026-01-01T00:00:00+00:00',
          updated_at: '2026-01-01T00:00:00+00:00',
          allocated_resources: { memory: n.allocated.memory, disk: n.allocated.disk },
        },
      })),
    };
  }
  return undefined;
}
