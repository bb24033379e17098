import { randomUUID } from 'node:crypto';
import type { FakeGameServers, FakeServer } from './fake-game-server.ts';
import { notFound, PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';
import { FakePanelNodes, handleNodes } from './fake-panel-nodes.ts';

/**
 * The panel's users, owners, subusers, locations and eggs, as docs/pterodactyl.md describes the
 * application API (users and servers, read with PANEL_APPLICATION_KEY) and the client API's
 * subusers (`/api/client/servers/{server}/users`, made with the admin's client key).
 */

export interface FakeUser {
  id: number;
  uuid: string;
  email: string;
  username: string;
  externalId: string | null;
}

export interface FakeSubuser {
  userId: number;
  permissions: string[];
  createdAt: string;
}

export interface FakeLocation {
  id: number;
  short: string;
  long: string;
}

/** The permission names the panel knows (app/Models/Permission.php); anything else is a 422. */
const knownPermissions = new Set([
  'websocket.connect',
  'control.console',
  'control.start',
  'control.stop',
  'control.restart',
  'user.create',
  'user.read',
  'user.update',
  'user.delete',
  'file.create',
  'file.read',
  'file.read-content',
  'file.update',
  'file.delete',
  'file.archive',
  'file.sftp',
  'backup.create',
  'backup.read',
  'backup.delete',
  'backup.download',
  'backup.restore',
  'schedule.create',
  'schedule.read',
  'schedule.update',
  'schedule.delete',
  'allocation.read',
  'allocation.create',
  'allocation.update',
  'allocation.delete',
  'startup.read',
  'startup.update',
  'database.read',
  'settings.rename',
  'settings.reinstall',
  'activity.read',
]);

export class FakePanelAccounts {
  readonly users: FakeUser[] = [];
  /** Server identifier → owner's user id. */
  readonly owners = new Map<string, number>();
  /** Server identifier → its subusers. */
  readonly subusers = new Map<string, FakeSubuser[]>();
  /** Server identifier → its location. */
  readonly locations = new Map<string, FakeLocation>();
  /** Server identifier → its egg's name. */
  readonly eggs = new Map<string, string>();
  /** The panel's locations and nodes (stock reads them: test/fakes/fake-panel-nodes.ts). */
  readonly nodes = new FakePanelNodes();
  #nextId = 1;

  addUser(input: { email: string; externalId?: string | null; username?: string }): FakeUser {
    const user: FakeUser = {
      id: this.#nextId++,
      uuid: randomUUID(),
      email: input.email.toLowerCase(),
      username: input.username ?? input.email.split('@')[0]!.replace(/[^a-z0-9]/gi, '') + this.#nextId,
      externalId: input.externalId ?? null,
    };
    this.users.push(user);
    return user;
  }

  userByEmail(email: string): FakeUser | undefined {
    return this.users.find((u) => u.email === email.toLowerCase());
  }
}

function userAttributes(user: FakeUser) {
  return {
    id: user.id,
    external_id: user.externalId,
    uuid: user.uuid,
    username: user.username,
    email: user.email,
    first_name: user.username,
    last_name: 'Customer',
    language: 'en',
    root_admin: false,
    '2fa': false,
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
  };
}

/** A server as the application API's ServerTransformer gives it, with the relationships asked for. */
function applicationServer(accounts: FakePanelAccounts, server: FakeServer, includes: Set<string>, index: number) {
  const location = accounts.locations.get(server.identifier) ?? { id: 1, short: 'fake', long: 'Fake Location' };
  const relationships: Record<string, unknown> = {};
  if (includes.has('allocations')) {
    relationships.allocations = {
      object: 'list',
      data: server.allocation
        ? [
            {
              object: 'allocation',
              attributes: { id: 100 + index, ip: server.allocation.ip, alias: server.allocation.ip_alias, port: server.allocation.port, assigned: true },
            },
          ]
        : [],
    };
  }
  if (includes.has('location')) relationships.location = { object: 'location', attributes: { ...location, created_at: null, updated_at: null } };
  if (includes.has('egg'))
    relationships.egg = { object: 'egg', attributes: { id: 5, uuid: randomUUID(), name: accounts.eggs.get(server.identifier) ?? 'Paper', nest: 1 } };
  if (includes.has('subusers')) {
    relationships.subusers = {
      object: 'list',
      data: (accounts.subusers.get(server.identifier) ?? []).map((s, n) => ({
        object: 'subuser',
        attributes: { id: n + 1, user_id: s.userId, server_id: index + 1, permissions: s.permissions, created_at: s.createdAt, updated_at: s.createdAt },
      })),
    };
  }
  const status = server.status ?? (server.suspended ? 'suspended' : server.installing ? 'installing' : null);
  return {
    object: 'server',
    attributes: {
      id: index + 1,
      external_id: null,
      uuid: server.uuid,
      identifier: server.identifier,
      name: server.name,
      description: server.description,
      status,
      suspended: server.suspended,
      limits: { memory: server.limits.memory, swap: 0, disk: server.limits.disk, io: 500, cpu: server.limits.cpu, threads: null, oom_disabled: true },
      feature_limits: { databases: 0, allocations: 1, backups: server.backupLimit },
      user: accounts.owners.get(server.identifier) ?? 0,
      node: 1,
      allocation: server.allocation ? 100 + index : null,
      egg: 5,
      container: {
        startup_command: 'java -jar server.jar',
        image: 'ghcr.io/pterodactyl/yolks:java_21',
        installed: server.installing ? 0 : 1,
        environment: {},
        skip_scripts: false,
      },
      relationships,
      updated_at: '2026-01-01T00:00:00+00:00',
      created_at: '2026-01-01T00:00:00+00:00',
    },
  };
}

const list = (data: unknown[]) => ({
  object: 'list',
  data,
  meta: { pagination: { total: data.length, count: data.length, per_page: 50, current_page: 1, total_pages: 1, links: {} } },
});

/**
 * One page of a list, as Laravel's paginator and fractal write it: `per_page` 1 to 100, else 400
 * QueryValueOutOfRangeHttpException (Pterodactyl's Application/Servers/ServerController.php;
 * default 10), `page` from 1, `meta.pagination` with the totals and a `next` link.
 */
function page(url: URL, items: unknown[]) {
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
    throw new PanelAnswer(400, 'QueryValueOutOfRangeHttpException', `"per_page" query parameter must be between 1 and 100, got ${perPage}.`);
  const current = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  const data = items.slice((current - 1) * perPage, current * perPage);
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const next = new URL(url);
  next.searchParams.set('page', String(current + 1));
  return {
    object: 'list',
    data,
    meta: {
      pagination: {
        total: items.length,
        count: data.length,
        per_page: perPage,
        current_page: current,
        total_pages: totalPages,
        links: current < totalPages ? { next: next.toString() } : {},
      },
    },
  };
}

/** Spatie's partial filter: `LIKE %value%`, case-insensitive as the panel's collation. */
const partial = (field: string | null, value: string) => field?.toLowerCase().includes(value.toLowerCase()) === true;

/** GET /api/application/users, /users/{id}, /servers (paged, with each server's subusers): the calls "My servers" makes with the application key. */
export function handleApplication(accounts: FakePanelAccounts, game: FakeGameServers, method: string, url: URL): FakeAnswer {
  if (method !== 'GET') throw notFound();
  const nodes = handleNodes(accounts.nodes, url);
  if (nodes) return nodes;
  const includes = new Set((url.searchParams.get('include') ?? '').split(',').filter(Boolean));
  const servers = [...game.servers.values()];
  if (url.pathname === '/api/application/users') {
    const email = url.searchParams.get('filter[email]');
    const external = url.searchParams.get('filter[external_id]');
    const users = accounts.users.filter((u) => (email === null || partial(u.email, email)) && (external === null || partial(u.externalId, external)));
    return { status: 200, body: list(users.map((u) => ({ object: 'user', attributes: userAttributes(u) }))) };
  }
  const one = /^\/api\/application\/users\/(\d+)$/.exec(url.pathname);
  if (one) {
    const user = accounts.users.find((u) => u.id === Number(one[1]));
    if (!user) throw notFound();
    const attributes: Record<string, unknown> = userAttributes(user);
    if (includes.has('servers')) {
      const owned = servers.filter((s) => accounts.owners.get(s.identifier) === user.id);
      attributes.relationships = { servers: list(owned.map((s) => applicationServer(accounts, s, new Set(), servers.indexOf(s)))) };
    }
    return { status: 200, body: { object: 'user', attributes } };
  }
  if (url.pathname === '/api/application/servers') {
    const short = url.searchParams.get('filter[uuidShort]');
    const uuid = url.searchParams.get('filter[uuid]');
    const found = servers.filter((s) => (short === null || s.identifier.includes(short)) && (uuid === null || s.uuid.includes(uuid)));
    return {
      status: 200,
      body: page(
        url,
        found.map((s) => applicationServer(accounts, s, includes, servers.indexOf(s))),
      ),
    };
  }
  throw notFound();
}

function checkPermissions(value: unknown): string[] {
  const permissions = Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  const unknown = permissions.find((p) => !knownPermissions.has(p));
  if (permissions.length === 0 || unknown) {
    throw new PanelAnswer(422, 'required', unknown ? `The selected permission ${unknown} is invalid.` : 'The permissions field is required.', {
      meta: { source_field: 'permissions', rule: unknown ? 'in' : 'required' },
    });
  }
  return permissions;
}

function clientSubuser(accounts: FakePanelAccounts, subuser: FakeSubuser) {
  const user = accounts.users.find((u) => u.id === subuser.userId)!;
  return {
    object: 'server_subuser',
    attributes: {
      uuid: user.uuid,
      username: user.username,
      email: user.email,
      image: 'https://gravatar.com/avatar/0',
      '2fa_enabled': false,
      created_at: subuser.createdAt,
      permissions: subuser.permissions,
    },
  };
}

/** `/api/client/servers/{server}/users[/{user}]` (C/SubuserController.php): list, add by e-mail, change, remove. */
export function handleSubusers(accounts: FakePanelAccounts, server: FakeServer, method: string, rest: string, body: Record<string, unknown>): FakeAnswer {
  const subusers = accounts.subusers.get(server.identifier) ?? [];
  accounts.subusers.set(server.identifier, subusers);
  if (rest === '') {
    if (method === 'GET') return { status: 200, body: list(subusers.map((s) => clientSubuser(accounts, s))) };
    if (method !== 'POST') throw notFound();
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      throw new PanelAnswer(422, 'email', 'The email must be a valid email address.', { meta: { source_field: 'email', rule: 'email' } });
    const permissions = checkPermissions(body.permissions);
    // The panel makes a user for an unknown address (and mails them a password link).
    const user = accounts.userByEmail(email) ?? accounts.addUser({ email });
    if (accounts.owners.get(server.identifier) === user.id)
      throw new PanelAnswer(400, 'UserIsServerOwnerException', 'Cannot add the owner of a server as a subuser.');
    if (subusers.some((s) => s.userId === user.id))
      throw new PanelAnswer(400, 'ServerSubuserExistsException', 'A user with that email address is already assigned as a subuser for this server.');
    const made: FakeSubuser = { userId: user.id, permissions, createdAt: new Date().toISOString() };
    subusers.push(made);
    return { status: 200, body: clientSubuser(accounts, made) };
  }
  const one = /^\/([0-9a-f-]{36})$/.exec(rest);
  const user = one && accounts.users.find((u) => u.uuid === one[1]);
  const index = user ? subusers.findIndex((s) => s.userId === user.id) : -1;
  if (index < 0) throw notFound();
  if (method === 'GET') return { status: 200, body: clientSubuser(accounts, subusers[index]!) };
  if (method === 'POST') {
    subusers[index]!.permissions = checkPermissions(body.permissions);
    return { status: 200, body: clientSubuser(accounts, subusers[index]!) };
  }
  if (method === 'DELETE') {
    subusers.splice(index, 1);
    return { status: 204 };
  }
  throw notFound();
}
