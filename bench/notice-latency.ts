/**
 * How fast an incident written in the console reaches an open board: staff API calls over real
 * HTTP (create an incident, then post updates), each timed from the request to the `notice`
 * event arriving on open /api/status/stream connections. Prints p50, p95, p99 of "request sent →
 * notice at the board" and of "API answer → notice" (negative: the board had it before the
 * writer had the answer, as the push goes out before the response). Exits by itself.
 *
 *   npm run bench:notices [-- --samples 300] [-- --boards 50] [-- --postgres]
 *
 * --postgres: two instances on one PostgreSQL (TEST_DATABASE_URL's server), the writer on one
 * and the boards on the other, so each notice crosses instances by NOTIFY.
 */
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { onEvents } from './event-blocks.ts';
import { loadConfig } from '../server/config/config.ts';
import { shellOperator } from '../server/staff/staff-service.ts';
import { createTestDatabase } from '../test/helpers/databases.ts';
import { SoftAuthenticator } from '../test/helpers/soft-authenticator.ts';

const { values } = parseArgs({
  options: { samples: { type: 'string', default: '300' }, boards: { type: 'string', default: '1' }, postgres: { type: 'boolean', default: false } },
});
const samples = Number(values.samples);
const boards = Number(values.boards);
const origin = 'http://localhost:4321';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms   p95 ${percentile(sorted, 95).toFixed(2)} ms   p99 ${percentile(sorted, 99).toFixed(2)} ms   max ${sorted.at(-1)!.toFixed(2)} ms`;
};

/** An SSE client that calls back with each `notice` event's data and the moment it arrived. */
function openBoard(
  url: string,
  onNotice: (data: { kind: string; incident?: { id: string; updates: unknown[] } }, at: number) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' }, agent: false }, (response) => {
      onEvents(response, (event, data) => {
        if (event === 'notice') onNotice(JSON.parse(data), performance.now());
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

const database = await createTestDatabase(values.postgres ? 'postgres' : 'sqlite');
const config = (port: number) =>
  loadConfig({
    DATABASE_URL: database.url,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: origin,
    PORT: String(port),
    // Many boards from one address: the per-address stream cap would refuse them.
    STATUS_STREAMS_PER_ADDRESS: String(Math.max(50, boards + 5)),
    MONITORS_FILE: path.resolve(import.meta.dirname, '../test/fixtures/no-monitors.json'),
    LOCAL_SERVERS_FILE: path.resolve(import.meta.dirname, '../test/fixtures/panel-servers.json'),
  });
const apps: FastifyInstance[] = [];
const requests: http.ClientRequest[] = [];
try {
  const writer = await buildApp(config(4321));
  apps.push(writer);
  const writerUrl = await writer.listen({ port: 0, host: '127.0.0.1' });
  const reader = values.postgres ? await buildApp(config(4321)) : writer;
  if (reader !== writer) apps.push(reader);
  const readerUrl = reader === writer ? writerUrl : await reader.listen({ port: 0, host: '127.0.0.1' });

  // A staff session, enrolled as in the console (a real passkey ceremony).
  const added = await writer.staff.service.add('bench@example.com', 'support', shellOperator);
  const token = new URL(added.link).hash.slice(1);
  const authenticator = new SoftAuthenticator(origin);
  const enrolOptions = (await writer.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName: 'Bench' } })).json();
  const enrolled = await writer.inject({
    method: 'POST',
    url: '/api/staff/enrolment',
    payload: { token, displayName: 'Bench', challengeId: enrolOptions.challengeId, credential: authenticator.create(enrolOptions.options) },
  });
  if (enrolled.statusCode !== 200) throw new Error(`enrolment failed: ${enrolled.body}`);
  const cookie = enrolled.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  // Every board counts when it saw each (incident, number of updates).
  const seen = new Map<string, number[]>();
  const waiters = new Map<string, () => void>();
  for (let i = 0; i < boards; i += 1) {
    requests.push(
      await openBoard(`${readerUrl}/api/status/stream`, (notice, at) => {
        if (!notice.incident) return;
        const key = `${notice.incident.id}:${notice.incident.updates.length}`;
        const list = seen.get(key) ?? [];
        list.push(at);
        seen.set(key, list);
        if (list.length === boards) waiters.get(key)?.();
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 200));

  const post = async (url: string, body: object) => {
    const response = await fetch(`${writerUrl}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; updates: unknown[] };
  };

  const toBoard: number[] = [];
  const afterAnswer: number[] = [];
  const lastBoard: number[] = [];
  let incidentId = '';
  const warmup = 20;
  for (let i = 0; i < samples + warmup; i += 1) {
    // A new incident every 20 samples, updates in between (a long timeline stays realistic).
    const fresh = i % 20 === 0;
    const expected = fresh ? undefined : `${incidentId}:${(i % 20) + 1}`;
    const sent = performance.now();
    let arrived: Promise<void> | undefined;
    if (expected) arrived = new Promise((resolve) => waiters.set(expected, resolve));
    const answer = fresh
      ? await post('/api/staff/incidents', {
          title: `Bench incident ${i}`,
          impact: 'minor',
          monitorIds: [],
          state: 'investigating',
          message: 'Looking into it.',
        })
      : await post(`/api/staff/incidents/${incidentId}/updates`, { state: 'monitoring', message: `Update ${i}.` });
    const answered = performance.now();
    const key = `${answer.id}:${answer.updates.length}`;
    if (!arrived) arrived = (seen.get(key)?.length ?? 0) >= boards ? Promise.resolve() : new Promise((resolve) => waiters.set(key, resolve));
    await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`no notice for ${key} within 5 s`)), 5000))]);
    waiters.delete(key);
    incidentId = answer.id;
    if (i < warmup) continue;
    const times = seen.get(key)!;
    toBoard.push(Math.min(...times) - sent);
    afterAnswer.push(Math.min(...times) - answered);
    lastBoard.push(Math.max(...times) - sent);
  }

  console.log(
    `${samples} incident changes over HTTP, ${boards} open board(s)${values.postgres ? ' on the other instance (PostgreSQL NOTIFY)' : ' (SQLite, one instance)'}:`,
  );
  console.log(`  request sent → notice at the board:   ${summary(toBoard)}`);
  console.log(`  API answer → notice at the board:     ${summary(afterAnswer)}`);
  if (boards > 1) console.log(`  request sent → notice at every board: ${summary(lastBoard)}`);
} finally {
  for (const r of requests) r.destroy();
  for (const app of apps) await app.close();
  await database.drop();
}
