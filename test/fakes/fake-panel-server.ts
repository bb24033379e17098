import type { FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import { daemonDown, type FakeAnswer, notFound, PanelAnswer } from './fake-panel-answer.ts';
import { type MinuteWindow, serverFor, throttled } from './fake-panel-checks.ts';
import { json } from './fake-panel-guards.ts';
import type { FakeTokens } from './fake-tokens.ts';

/**
 * One server's client routes (`/api/client/servers/{server}` and its `/resources`, `/power`,
 * `/command`, `/websocket`) as docs/pterodactyl.md describes them, and the list of a key's
 * servers (`/api/client`).
 */

export interface ServerRoutesContext {
  game: FakeGameServers;
  tokens: FakeTokens;
  wingsUrl: () => string;
  behaviour: { requestsPerMinute: number; websocketTokensPerMinute: number; tokenTtlMs: number };
  /** `/websocket` tokens per server and minute. */
  perServerTokens: MinuteWindow;
}

function serverAttributes(server: FakeServer) {
  return {
    server_owner: true,
    identifier: server.identifier,
    internal_id: 1,
    uuid: server.uuid,
    name: server.name,
    node: 'Fake Node',
    is_node_under_maintenance: false,
    sftp_details: { ip: '127.0.0.1', port: 2022 },
    description: server.description,
    limits: { memory: server.limits.memory, swap: 0, disk: server.limits.disk, io: 500, cpu: server.limits.cpu, threads: null, oom_disabled: true },
    invocation: 'java -jar server.jar',
    docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
    egg_features: ['eula', 'java_version'],
    feature_limits: { databases: 0, allocations: 1, backups: server.backupLimit },
    status: server.status ?? (server.suspended ? 'suspended' : server.installing ? 'installing' : null),
    is_suspended: server.suspended,
    is_installing: server.installing,
    is_transferring: server.transferring,
    relationships: {
      allocations: {
        object: 'list',
        data: server.allocation ? [{ object: 'allocation', attributes: { id: 1, ...server.allocation, notes: null, is_default: true } }] : [],
      },
      variables: { object: 'list', data: [] },
    },
  };
}

/** `GET /api/client`: the servers the key may reach. */
export function serverList(game: FakeGameServers, key: FakeKey): FakeAnswer {
  const data = [...game.servers.values()]
    .filter((s) => key.servers === '*' || key.servers.includes(s.identifier))
    .map((s) => ({ object: 'server', attributes: serverAttributes(s) }));
  return {
    status: 200,
    body: {
      object: 'list',
      data,
      meta: { pagination: { total: data.length, count: data.length, per_page: 50, current_page: 1, total_pages: 1, links: {} } },
    },
  };
}

export function handleServer(context: ServerRoutesContext, key: FakeKey, id: string, method: string, sub: string, body: string): FakeAnswer {
  const { game, tokens, wingsUrl, behaviour, perServerTokens } = context;
  switch (`${method} ${sub}`) {
    case 'GET ': {
      const server = serverFor(game, key, id, 'view');
      const permissions = key.permissions ?? ['*'];
      return {
        status: 200,
        body: { object: 'server', attributes: serverAttributes(server), meta: { is_server_owner: permissions.includes('*'), user_permissions: permissions } },
      };
    }
    case 'GET /resources': {
      const server = serverFor(game, key, id, 'resources');
      if (server.wingsDown) throw daemonDown();
      const on = server.state !== 'offline';
      return {
        status: 200,
        body: {
          object: 'stats',
          attributes: {
            current_state: server.state,
            is_suspended: server.suspended,
            resources: {
              memory_bytes: on ? server.resources.memory_bytes : 0,
              cpu_absolute: on ? server.resources.cpu_absolute : 0,
              disk_bytes: server.resources.disk_bytes,
              network_rx_bytes: on ? 1024 : 0,
              network_tx_bytes: on ? 2048 : 0,
              uptime: on ? Date.now() - server.startedAt : 0,
            },
          },
        },
      };
    }
    case 'POST /power': {
      const server = serverFor(game, key, id, 'power');
      const signal = json(body).signal;
      if (signal !== 'start' && signal !== 'stop' && signal !== 'restart' && signal !== 'kill') {
        throw new PanelAnswer(422, 'in', 'The selected signal is invalid.', { meta: { source_field: 'signal', rule: 'in' } });
      }
      if (server.wingsDown) throw daemonDown();
      game.power(server, signal);
      return { status: 204 };
    }
    case 'POST /command': {
      const server = serverFor(game, key, id, 'command');
      const command = json(body).command;
      if (typeof command !== 'string' || command.trim() === '') {
        throw new PanelAnswer(422, 'required', 'The command field is required.', { meta: { source_field: 'command', rule: 'required' } });
      }
      if (server.wingsDown) throw daemonDown();
      if (server.state === 'offline') throw new PanelAnswer(502, 'HttpException', 'Server must be online in order to send commands.');
      game.command(server, command);
      return { status: 204 };
    }
    case 'GET /websocket': {
      const server = serverFor(game, key, id, 'websocket');
      const tokenWait = perServerTokens.hit(server.uuid, behaviour.websocketTokensPerMinute);
      if (tokenWait > 0) throw throttled(tokenWait, behaviour.requestsPerMinute);
      const token = tokens.sign({
        server_uuid: server.uuid,
        user_uuid: key.userUuid,
        permissions: ['*'],
        exp: (Date.now() + behaviour.tokenTtlMs) / 1000,
      });
      const socket = `${wingsUrl().replace(/^http/, 'ws')}/api/servers/${server.uuid}/ws`;
      return { status: 200, body: { data: { token, socket } } };
    }
    default:
      throw notFound();
  }
}
