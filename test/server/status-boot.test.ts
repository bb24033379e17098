import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';
import { unknownTypeWords } from '../helpers/monitor-type-words.ts';
import { writeMonitorsFile } from './status-helpers.ts';

describe.each(dialects)('status monitors file at boot on %s', (dialect) => {
  it('refuses to start with a bad monitors file, naming the file and the problem', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const file = writeMonitorsFile({ monitors: [{ id: 'x', name: 'X', type: 'udp', target: 'h:1' }] });
      await expect(buildApp(testConfig(database.url, { MONITORS_FILE: file }))).rejects.toThrow(
        new RegExp(`Invalid monitors file ${file.replaceAll('/', '\\/')}:\\n  - monitors\\.0\\.type: ${unknownTypeWords()}`),
      );
      const missing = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hf-')), 'none.json');
      await expect(buildApp(testConfig(database.url, { MONITORS_FILE: missing }))).rejects.toThrow(/cannot be read/);
    } finally {
      await database.drop();
    }
  });

  it('serves the default config/monitors.json: India - 01 over HTTP on this port, Game Server on the demo port', async () => {
    const database = await createTestDatabase(dialect);
    const app = await buildApp(testConfig(database.url, { MONITORS_FILE: 'config/monitors.json', PORT: '4999', DEMO_MC_PORT: '25999' }));
    try {
      const body = (await app.inject({ method: 'GET', url: '/api/status' })).json() as {
        summary: { monitored: number };
        servers: { name: string; type: string }[];
      };
      expect(body.summary.monitored).toBe(2);
      expect(body.servers.map((s) => [s.name, s.type])).toEqual([
        ['India - 01', 'http'],
        ['Game Server', 'minecraft'],
      ]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
