import http from 'node:http';

/**
 * The agent's tiny ping endpoint (docs/decisions.md 48): GET /ping answers 204 at once, with CORS
 * for the site's origin, so visitors' browsers on the site can time their round-trip to this
 * location. Nothing else is served.
 */
export function startPingServer(options: { host: string; port: number; origin: () => string }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const cors = {
      'access-control-allow-origin': options.origin(),
      'timing-allow-origin': options.origin(),
      vary: 'Origin',
      'cache-control': 'no-store',
    };
    if (path !== '/ping') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: this probe agent answers GET /ping only.\n');
      return;
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '600' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    response.writeHead(204, cors).end();
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
