import { describe, expect, it } from 'vitest';
import { panelError, retryAfterSeconds } from '../../server/panel/pterodactyl/panel-errors.ts';
import { mapResources, mapServer, mapWebsocketCredentials, mapWingsStats } from '../../server/panel/pterodactyl/panel-mapping.ts';

/** The pure parts of the driver: the panel's error bodies and JSON shapes turned into ours. */

const MiB = 1024 * 1024;
const errorBody = (code: string, status: number, detail: string) => ({ errors: [{ code, status: String(status), detail }] });

describe('panel errors', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('17')).toBe(17);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });

  it('gives 401 and 404 the same answer', () => {
    const a = panelError(401, errorBody('AuthenticationException', 401, 'Unauthenticated.'), 'ptlc_x');
    const b = panelError(404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.'), 'ptlc_x');
    expect([a.statusCode, a.code, a.message]).toEqual([b.statusCode, b.code, b.message]);
  });

  it('tells an application key from a missing permission on 403', () => {
    expect(panelError(403, errorBody('AccessDeniedHttpException', 403, 'This action is unauthorized.'), 'papp_x').code).toBe('wrong_key_type');
    expect(panelError(403, errorBody('AccessDeniedHttpException', 403, 'This action is unauthorized.'), 'ptlc_x')).toMatchObject({
      statusCode: 403,
      code: 'forbidden',
    });
  });

  it('names each 409 state', () => {
    const conflict = (detail: string) => panelError(409, errorBody('ServerStateConflictException', 409, detail), 'k').code;
    expect(conflict('This server is currently suspended and the functionality requested is unavailable.')).toBe('server_suspended');
    expect(conflict('This server has not yet completed its installation process, please try again later.')).toBe('server_installing');
    expect(conflict('This server is currently being transferred to a new machine, please try again later.')).toBe('server_transferring');
    expect(conflict('This server is currently restoring from a backup, please try again later.')).toBe('server_restoring');
    expect(conflict('The node of this server is currently under maintenance and the functionality requested is unavailable.')).toBe('node_maintenance');
  });

  it('hides the panel’s internals behind 5xx answers and its CSRF refusal', () => {
    for (const status of [419, 500, 503]) {
      const error = panelError(status, errorBody('Whatever', status, 'SQLSTATE[HY000] at /var/www/pterodactyl'), 'k');
      expect(error).toMatchObject({ statusCode: 502, code: 'panel_error' });
      expect(error.message).not.toMatch(/SQL|var\/www/);
    }
    expect(panelError(502, errorBody('HttpException', 502, 'Server must be online in order to send commands.'), 'k').code).toBe('server_offline');
    expect(panelError(504, undefined, 'k').code).toBe('node_unreachable');
  });
});

describe('panel JSON', () => {
  it('reads the server status from the flags when `status` is null', () => {
    const server = (attributes: object) =>
      mapServer({ object: 'server', attributes: { identifier: 'abcd1234', name: 'x', limits: { memory: 1, disk: 2, cpu: 3 }, ...attributes } });
    expect(server({ status: null }).status).toBeNull();
    expect(server({ status: 'restoring_backup' }).status).toBe('restoring_backup');
    expect(server({ status: null, is_transferring: true }).status).toBe('transferring');
  });

  it('refuses answers that are not the panel’s (502)', () => {
    expect(() => mapServer({ data: [] })).toThrow(expect.objectContaining({ statusCode: 502 }));
    expect(() => mapResources({ object: 'server', attributes: {} }, { memory: 0, disk: 0, cpu: 0 })).toThrow(expect.objectContaining({ statusCode: 502 }));
    expect(() => mapWebsocketCredentials({ data: { token: 't', socket: 'file:///etc/passwd' } })).toThrow(expect.objectContaining({ statusCode: 502 }));
  });

  it('maps Wings stats with the panel’s limits, or Wings’ memory limit when those are unknown', () => {
    const stats = JSON.stringify({
      memory_bytes: 100 * MiB,
      memory_limit_bytes: 1100 * MiB,
      cpu_absolute: 55.5,
      network: { rx_bytes: 1, tx_bytes: 2 },
      uptime: 12_000,
      state: 'running',
      disk_bytes: 5 * MiB,
    });
    expect(mapWingsStats(stats, { memory: 1024, disk: 2048, cpu: 100 }, undefined)).toEqual({
      state: 'running',
      cpu: { current: 55.5, limit: 100 },
      memory: { current: 100 * MiB, limit: 1024 * MiB },
      disk: { current: 5 * MiB, limit: 2048 * MiB },
      uptime: 12_000,
    });
    expect(mapWingsStats(stats, undefined, undefined)?.memory.limit).toBe(1100 * MiB);
    expect(mapWingsStats('not json', undefined, 'running')).toBeUndefined();
  });
});
