import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The fixture game servers (test/fixtures/panel-servers.json) with owners and locations, in a
 * file of their own: what a provider's servers file says for "My servers" (docs/decisions.md 80).
 */
export function ownedServersFile(owners: Record<string, { owner?: string; location?: string }>): { file: string; remove(): void } {
  const fixture = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/panel-servers.json'), 'utf8')) as {
    servers: Array<Record<string, unknown>>;
  };
  const servers = fixture.servers.map((server) => ({ ...server, ...(owners[server.id as string] ?? {}) }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-owned-'));
  const file = path.join(dir, 'servers.json');
  fs.writeFileSync(file, JSON.stringify({ servers }, null, 2));
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
