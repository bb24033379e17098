import type { FastifyInstance } from 'fastify';

/** Every /api/panel route of the app's OpenAPI document, as `{method, url}` with Fastify's `:param` form. */
export async function panelRoutesOf(app: FastifyInstance): Promise<Array<{ method: string; url: string }>> {
  const document = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/panel/'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') })));
}

/** A valid request of each /api/panel route (so what refuses it is the access check, not the input). */
export function requestFor(method: string, url: string, serverId: string): { url: string; payload?: unknown; headers?: Record<string, string> } {
  const path = url
    .replace(':projectId', 'EssXpl01')
    .replace(':serverId', serverId)
    .replace(':shareId', '00000000-0000-4000-8000-000000000000')
    .replace(':id', 'b1')
    .replace(':list', 'bans')
    .replace(':name', 'Someone');
  const schedule = {
    name: 'n',
    timetable: { minute: '0', hour: '4', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
    timeZone: 'UTC',
    enabled: true,
    onlyWhenOnline: false,
    tasks: [],
  };
  const bodies: Record<string, unknown> = {
    'POST /api/panel/power': { signal: 'start' },
    'POST /api/panel/command': { command: 'say hi' },
    'PUT /api/panel/files/content': { content: 'x' },
    'POST /api/panel/files/rename': { from: 'a.txt', to: 'b.txt' },
    'POST /api/panel/files/folder': { path: 'new' },
    'POST /api/panel/backups': { name: 'b' },
    'POST /api/panel/backups/:id/lock': { locked: true },
    'POST /api/panel/schedules': schedule,
    'PUT /api/panel/schedules/:id': schedule,
    'POST /api/panel/my-servers/:serverId/shares': { email: 'x@example.test', grants: ['console'] },
    'PUT /api/panel/my-servers/:serverId/shares/:shareId': { grants: ['console'] },
    'POST /api/panel/modrinth/installs': { software: 'paper', version: '1.21.4', kind: 'plugin', projectId: 'EssXpl01' },
    'POST /api/panel/modrinth/installs/:projectId/update': { software: 'paper', version: '1.21.4' },
    'POST /api/panel/minecraft/players/:list': { name: 'Someone' },
    'PUT /api/panel/minecraft/settings': { difficulty: 'hard' },
    'PUT /api/panel/minecraft/startup/variable': { key: 'MINECRAFT_VERSION', value: '1.21.4' },
  };
  const query = /\/files(\/content|\/download)?$/.test(url)
    ? '?path=a.txt'
    : url.endsWith('/files/upload')
      ? '?path=up.txt'
      : url === '/api/panel/history'
        ? '?range=1h'
        : url === '/api/panel/modrinth/icon'
          ? '?url=https%3A%2F%2Fcdn.modrinth.com%2Fdata%2Fx%2Ficon.png'
          : url.startsWith('/api/panel/modrinth/')
            ? '?software=paper&version=1.21.4&kind=plugin'
            : '';
  const key = `${method} ${url}`;
  if (key === 'POST /api/panel/files/upload') return { url: path + query, payload: 'abc', headers: { 'content-type': 'application/octet-stream' } };
  return { url: path + query, ...(key in bodies ? { payload: bodies[key] } : {}) };
}
