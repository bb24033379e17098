import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unknownTypeWords } from '../helpers/monitor-type-words.ts';
import { activeIncidents, loadMonitorsFile, MonitorsFileError, parseMonitors, splitHostPort } from '../../server/status/monitors-file.ts';

const placeholders = { PORT: 4321, DEMO_MC_PORT: 25565 };
const root = path.resolve(import.meta.dirname, '../..');

describe('monitors file', () => {
  it('fills in the defaults the README documents', () => {
    const file = parseMonitors({ monitors: [{ id: 'a', name: 'A', type: 'tcp', target: 'example.com:22' }] }, placeholders);
    expect(file.monitors[0]).toEqual({
      id: 'a',
      name: 'A',
      type: 'tcp',
      target: 'example.com:22',
      settings: {},
      intervalSeconds: 30,
      timeoutSeconds: 5,
      degradedAboveMs: 300,
      failuresBeforeDown: 3,
    });
    expect(file.incidents).toEqual([]);
  });

  it('expands ${PORT} and ${DEMO_MC_PORT}', () => {
    const file = parseMonitors(
      {
        monitors: [
          { id: 'self', name: 'Self', type: 'http', target: 'http://127.0.0.1:${PORT}/api/health' },
          { id: 'mc', name: 'MC', type: 'minecraft', target: '127.0.0.1:${DEMO_MC_PORT}' },
        ],
      },
      { PORT: 8080, DEMO_MC_PORT: 25570 },
    );
    expect(file.monitors.map((m) => m.target)).toEqual(['http://127.0.0.1:8080/api/health', '127.0.0.1:25570']);
  });

  it('ships config/monitors.json watching the site’s own health and the demo Minecraft server', () => {
    const file = loadMonitorsFile(path.join(root, 'config/monitors.json'), placeholders);
    expect(file.monitors.map((m) => [m.type, m.target])).toEqual([
      ['http', 'http://127.0.0.1:4321/api/health'],
      ['minecraft', '127.0.0.1:25565'],
    ]);
  });

  it('reads the empty fixture the tests use', () => {
    expect(loadMonitorsFile(path.join(root, 'test/fixtures/no-monitors.json'), placeholders).monitors).toEqual([]);
  });

  it('reports every problem with its place', () => {
    let error: unknown;
    try {
      parseMonitors(
        {
          monitors: [
            { id: 'a', name: 'A', type: 'ftp', target: 'x' },
            { id: 'b', name: '', type: 'tcp', target: 'host', intervalSeconds: -1 },
          ],
        },
        placeholders,
        'monitors.json',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MonitorsFileError);
    const message = (error as Error).message;
    expect(message).toContain('monitors.json');
    expect(message).toContain(`monitors.0.type: ${unknownTypeWords()}`);
    expect(message).toContain('monitors.1.name');
    expect(message).toContain('monitors.1.intervalSeconds');
  });

  it('refuses bad targets, duplicate ids and unknown placeholders', () => {
    expect(() => parseMonitors({ monitors: [{ id: 'a', name: 'A', type: 'tcp', target: 'example.com' }] }, placeholders)).toThrow(/needs a port/);
    expect(() => parseMonitors({ monitors: [{ id: 'a', name: 'A', type: 'http', target: 'ftp://x' }] }, placeholders)).toThrow(/http:\/\/ or https:\/\/ URL/);
    expect(() =>
      parseMonitors(
        {
          monitors: [
            { id: 'a', name: 'A', type: 'tcp', target: 'h:1' },
            { id: 'a', name: 'B', type: 'tcp', target: 'h:2' },
          ],
        },
        placeholders,
      ),
    ).toThrow(/used twice/);
    expect(() => parseMonitors({ monitors: [{ id: 'a', name: 'A', type: 'tcp', target: 'h:${NOPE}' }] }, placeholders)).toThrow(/target/);
  });

  it('explains a missing file or bad JSON', () => {
    expect(() => loadMonitorsFile('/nonexistent/monitors.json', placeholders)).toThrow(/cannot be read/);
    expect(() => loadMonitorsFile(path.join(root, 'package.json'), placeholders)).toThrow(/Invalid monitors file/);
  });

  it('shows only incidents not yet resolved', () => {
    const file = parseMonitors(
      {
        monitors: [],
        incidents: [
          { id: 'open', title: 'DDoS mitigation active', startedAt: '2026-01-01T00:00:00Z' },
          { id: 'done', title: 'Old', resolvedAt: '2026-01-02T00:00:00Z' },
        ],
      },
      placeholders,
    );
    expect(activeIncidents(file.incidents, Date.parse('2026-02-01T00:00:00Z')).map((i) => i.id)).toEqual(['open']);
  });

  it('splits host:port, with IPv6 in brackets', () => {
    expect(splitHostPort('example.com:25565')).toEqual({ host: 'example.com', port: 25565 });
    expect(splitHostPort('example.com')).toEqual({ host: 'example.com', port: undefined });
    expect(splitHostPort('[::1]:80')).toEqual({ host: '::1', port: 80 });
    expect(splitHostPort('example.com:70000')).toBeUndefined();
    expect(splitHostPort('a b')).toBeUndefined();
  });
});
