import type { PowerState, ServerDetails, ServerResources } from '../driver.ts';
import { panelBadAnswer } from './panel-errors.ts';

/**
 * The panel's JSON (client API and Wings stats) turned into the driver's types. The panel is
 * trusted to be the panel, not to be well formed: a missing object is a 502, a missing number 0.
 */

const mebibyte = 1024 * 1024;
const powerStates: readonly PowerState[] = ['offline', 'starting', 'running', 'stopping'];

export type Limits = ServerDetails['limits'];

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function attributesOf(body: unknown, object: string): Record<string, unknown> {
  const root = record(body);
  const attributes = record(root?.attributes);
  if (!root || root.object !== object || !attributes) throw panelBadAnswer();
  return attributes;
}

function num(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function powerState(value: unknown): PowerState | undefined {
  return powerStates.find((state) => state === value);
}

/** `GET /api/client/servers/{server}`; the power state is not part of it (see getServer). */
export function mapServer(body: unknown): Omit<ServerDetails, 'state'> {
  const a = attributesOf(body, 'server');
  const limits = record(a.limits) ?? {};
  const status =
    typeof a.status === 'string' && a.status !== ''
      ? a.status
      : a.is_suspended === true
        ? 'suspended'
        : a.is_installing === true
          ? 'installing'
          : a.is_transferring === true
            ? 'transferring'
            : null;
  return {
    id: str(a.identifier) || str(a.uuid),
    name: str(a.name),
    description: str(a.description),
    status,
    limits: { memory: num(limits.memory), disk: num(limits.disk), cpu: num(limits.cpu) },
  };
}

/** `GET /api/client/servers/{server}/resources` with the server's limits (MiB) as bytes. */
export function mapResources(body: unknown, limits: Limits): ServerResources {
  const a = attributesOf(body, 'stats');
  const r = record(a.resources) ?? {};
  const state = powerState(a.current_state) ?? 'offline';
  return {
    state,
    cpu: { current: num(r.cpu_absolute), limit: limits.cpu },
    memory: { current: num(r.memory_bytes), limit: limits.memory * mebibyte },
    disk: { current: num(r.disk_bytes), limit: limits.disk * mebibyte },
    uptime: state === 'offline' ? 0 : num(r.uptime),
  };
}

/**
 * A Wings `stats` frame: a JSON string of memory_bytes, memory_limit_bytes, cpu_absolute,
 * network, uptime (ms), state, disk_bytes. Limits come from the panel (what the customer
 * bought); Wings' memory limit, which includes the container overhead, only when unknown.
 */
export function mapWingsStats(json: string, limits: Limits | undefined, lastState: PowerState | undefined): ServerResources | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  const s = record(parsed);
  if (!s) return undefined;
  const state = powerState(s.state) ?? lastState ?? 'offline';
  return {
    state,
    cpu: { current: num(s.cpu_absolute), limit: limits?.cpu ?? 0 },
    memory: { current: num(s.memory_bytes), limit: limits ? limits.memory * mebibyte : num(s.memory_limit_bytes) },
    disk: { current: num(s.disk_bytes), limit: limits ? limits.disk * mebibyte : 0 },
    uptime: state === 'offline' ? 0 : num(s.uptime),
  };
}

/** `GET /api/client/servers/{server}/websocket`. */
export function mapWebsocketCredentials(body: unknown): { token: string; socket: string } {
  const data = record(record(body)?.data);
  const token = str(data?.token);
  const socket = str(data?.socket);
  if (!token || !/^wss?:\/\//.test(socket)) throw panelBadAnswer();
  return { token, socket };
}
