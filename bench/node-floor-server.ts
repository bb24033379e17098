/**
 * The floor of any Node HTTP server, loaded by `npm run bench:static` beside Hostfront: Node's own `node:http`
 * answering every request with one fixed head and body (the head Hostfront sends for the file,
 * the body as one latin1 string, as Hostfront's fast path writes a small hashed file:
 * server/plugins/site-answers.ts), and doing nothing else: no routing, no lookup, no
 * negotiation, no log. Started by bench/static.ts with the flags and environment of
 * `npm run serve`, so what it costs per request is what Node's HTTP server costs with them; no
 * server written on Node's HTTP server, Hostfront included, answers for less (docs/decisions.md 175).
 *
 * Reads FLOOR_PORT, FLOOR_BODY (a file whose bytes are the body) and FLOOR_HEADERS (JSON:
 * [name, value, …] as writeHead takes them).
 */
import fs from 'node:fs';
import http from 'node:http';

const port = Number(process.env.FLOOR_PORT);
const body = fs.readFileSync(process.env.FLOOR_BODY ?? '').toString('latin1');
const headers = JSON.parse(process.env.FLOOR_HEADERS ?? '[]') as string[];

const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else res.end(body, 'latin1');
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
