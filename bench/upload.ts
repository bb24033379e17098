/**
 * `npm run bench:upload`: upload throughput through our server's panel API.
 *
 * Pushes a file of --size-mib (100 by default, the upload limit) of random bytes as the browser
 * does (POST /api/panel/files/upload, application/octet-stream, Content-Length) over loopback
 * HTTP, --runs times each:
 *   - local: to the local driver, which writes it to the server's folder (temporary name, fsync,
 *     rename);
 *   - pterodactyl: to the Pterodactyl driver, which asks the fake panel for Wings' signed upload
 *     link and streams the body on to the fake Wings as multipart/form-data.
 * The app runs in this process on a fresh SQLite database (the client streams from a generator,
 * so nothing holds the file in memory; the fake Wings does keep each upload in memory, as it
 * holds its files there). Prints MiB/s per run and the median, the peak resident memory of the
 * process while uploading, checks the bytes arrived whole, removes everything and exits.
 *
 * Options: --size-mib 100, --runs 3
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config/config.ts';
import { startFakePterodactyl } from '../test/fakes/fake-pterodactyl.ts';
import { tempGameServer } from '../test/helpers/temp-game-server.ts';

const { values } = parseArgs({ options: { 'size-mib': { type: 'string', default: '100' }, runs: { type: 'string', default: '3' } } });
const MiB = 1024 * 1024;
const size = Number(values['size-mib']) * MiB;
const runs = Number(values.runs);
const fixtureKey = 'hostfront-fixture-key-7f3a9c';

/** The same bytes every run: 4 MiB of random bytes repeated, and their sha256. */
const block = randomBytes(4 * MiB);
const expectedHash = (() => {
  const hash = createHash('sha256');
  for (let sent = 0; sent < size; sent += block.length) hash.update(block.subarray(0, Math.min(block.length, size - sent)));
  return hash.digest('hex');
})();

function body(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const offset = sent % block.length;
      const chunk = block.subarray(offset, offset + Math.min(256 * 1024, size - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

function request(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: Readable | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (payload instanceof Readable) payload.pipe(req);
    else req.end(payload);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function measure(label: string, app: FastifyInstance, serverId: string, key: string, check: (run: number) => Promise<string>): Promise<void> {
  const port = await listen(app);
  const connected = await request(port, 'POST', '/api/panel/session', { 'content-type': 'application/json' }, JSON.stringify({ serverId, key }));
  if (connected.status !== 200) throw new Error(`connect failed: ${connected.status} ${connected.text}`);
  const cookie = String(connected.headers['set-cookie']).split(';')[0]!;
  const rates: number[] = [];
  const baseRss = process.memoryUsage.rss();
  let peakRss = baseRss;
  for (let run = 1; run <= runs; run++) {
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
    const started = performance.now();
    const answer = await request(
      port,
      'POST',
      `/api/panel/files/upload?path=${encodeURIComponent(`bench/upload-${run}.bin`)}`,
      { cookie, 'content-type': 'application/octet-stream', 'content-length': String(size) },
      body(),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (answer.status !== 204) throw new Error(`upload failed: ${answer.status} ${answer.text}`);
    const hash = await check(run);
    if (hash !== expectedHash) throw new Error(`${label}: the uploaded file differs from what was sent`);
    rates.push(size / MiB / seconds);
    console.log(`  ${label} run ${run}: ${(size / MiB).toFixed(0)} MiB in ${seconds.toFixed(2)} s = ${(size / MiB / seconds).toFixed(1)} MiB/s`);
  }
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
  console.log(
    `${label}: median ${median.toFixed(1)} MiB/s over ${runs} runs; peak RSS of this process ${(peakRss / MiB).toFixed(0)} MiB (${(baseRss / MiB).toFixed(0)} MiB before the first upload)`,
  );
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-upload-'));
const quiet = {
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  MONITORS_FILE: path.resolve('test/fixtures/no-monitors.json'),
};
const bound = setTimeout(() => {
  console.error('bench:upload: still running after 10 minutes, giving up');
  process.exit(1);
}, 600_000);
bound.unref();

try {
  console.log(`bench:upload: ${(size / MiB).toFixed(0)} MiB through POST /api/panel/files/upload, ${runs} runs each, on ${os.cpus().length} CPU(s)`);

  const gameServer = tempGameServer({ id: 'bench-mc' });
  const local = await buildApp(loadConfig({ ...quiet, DATABASE_URL: `sqlite:${path.join(work, 'local.db')}`, LOCAL_SERVERS_FILE: gameServer.serversFile }));
  try {
    await measure('local driver', local, 'bench-mc', fixtureKey, async (run) => {
      const file = path.join(gameServer.root, `bench/upload-${run}.bin`);
      const hash = createHash('sha256');
      for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
      fs.rmSync(file);
      return hash.digest('hex');
    });
  } finally {
    await local.close();
    gameServer.remove();
  }

  const panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
  const viaPanel = await buildApp(
    loadConfig({ ...quiet, DATABASE_URL: `sqlite:${path.join(work, 'panel.db')}`, PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url }),
  );
  try {
    await measure('pterodactyl driver (fake panel and Wings)', viaPanel, panel.serverId, panel.keys.client, async (run) => {
      const files = panel.server(panel.serverId).files;
      const content = files.contents(`/bench/upload-${run}.bin`);
      const hash = createHash('sha256').update(content).digest('hex');
      files.delete('/bench', `upload-${run}.bin`);
      return hash;
    });
  } finally {
    await viaPanel.close();
    await panel.close();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(0);
