import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamClient, UpstreamFailure, type UpstreamClient } from '../../server/panel/pterodactyl/upstream-http.ts';

/** A real HTTP server on loopback whose handler the test chooses. */
async function serve(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const get = { method: 'GET' as const, headers: { Accept: 'application/json' }, timeoutMs: 2000 };

describe('calls to the panel over node:http', () => {
  let client: UpstreamClient;
  const servers: http.Server[] = [];
  afterEach(async () => {
    client?.close();
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends method, headers and body and reads status, headers and the whole body', async () => {
    const seen: { method?: string; auth?: string; type?: string; body: string }[] = [];
    const { url, server } = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, auth: req.headers.authorization, type: req.headers['content-type'], body });
        res.writeHead(201, { 'Content-Type': 'application/json', 'Retry-After': '3' });
        // Several chunks: the client must join them.
        res.write('{"a":"');
        res.write('é'.repeat(3000));
        res.end('"}');
      });
    });
    servers.push(server);
    client = createUpstreamClient();
    const answer = await client.call(`${url}/x`, {
      method: 'POST',
      headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' },
      body: '{"command":"say ü"}',
      timeoutMs: 2000,
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['retry-after']).toBe('3');
    expect(JSON.parse(answer.text)).toEqual({ a: 'é'.repeat(3000) });
    expect(seen).toEqual([{ method: 'POST', auth: 'Bearer k', type: 'application/json', body: '{"command":"say ü"}' }]);
  });

  it('keeps the connection alive between calls', async () => {
    const sockets = new Set<Socket>();
    const { url, server } = await serve((req, res) => {
      sockets.add(req.socket);
      res.end('{}');
    });
    servers.push(server);
    client = createUpstreamClient();
    for (let i = 0; i < 5; i++) await client.call(`${url}/`, get);
    expect(sockets.size).toBe(1);
  });

  it('does not follow redirects', async () => {
    const { url, server } = await serve((_req, res) => {
      res.writeHead(302, { Location: '/auth/login' });
      res.end();
    });
    servers.push(server);
    client = createUpstreamClient();
    const answer = await client.call(`${url}/api/client`, get);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/auth/login');
  });

  it('sends a GET again on a fresh connection when the panel closed the kept-alive one, but never a POST', async () => {
    const requestsPerSocket = new Map<Socket, number>();
    let handled = 0;
    const { url, server } = await serve((req, res) => {
      const count = (requestsPerSocket.get(req.socket) ?? 0) + 1;
      requestsPerSocket.set(req.socket, count);
      // The second request on a connection finds it closed, as when the panel's keep-alive ran out.
      if (count > 1) return req.socket.destroy();
      handled += 1;
      res.end(JSON.stringify({ handled }));
    });
    servers.push(server);
    client = createUpstreamClient();
    expect(JSON.parse((await client.call(`${url}/`, get)).text)).toEqual({ handled: 1 });
    expect(JSON.parse((await client.call(`${url}/`, get)).text)).toEqual({ handled: 2 });
    expect(requestsPerSocket.size).toBe(2);

    const post = client.call(`${url}/command`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2000 });
    await expect(post).rejects.toMatchObject({ reason: 'network', staleConnection: true });
    expect(handled).toBe(2);
  });

  it('times out a panel that sends the head and then stalls in the body', async () => {
    const { url, server } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"attributes":');
    });
    servers.push(server);
    client = createUpstreamClient();
    const started = Date.now();
    const error = await client.call(`${url}/`, { ...get, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('fails an answer cut off mid-body and one larger than 4 MiB as network failures', async () => {
    const { url, server } = await serve((req, res) => {
      if (req.url === '/cut') {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('{"a":');
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      res.writeHead(200);
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      for (let i = 0; i < 5; i++) res.write(chunk);
      res.end();
    });
    servers.push(server);
    client = createUpstreamClient();
    await expect(client.call(`${url}/cut`, get)).rejects.toMatchObject({ reason: 'network' });
    await expect(client.call(`${url}/huge`, get)).rejects.toMatchObject({ reason: 'network' });
  });

  it('reports a refused connection as a network failure', async () => {
    const { url, server } = await serve((_req, res) => res.end());
    await new Promise((resolve) => server.close(resolve));
    client = createUpstreamClient();
    await expect(client.call(`${url}/`, get)).rejects.toMatchObject({ reason: 'network', staleConnection: false });
  });
});
