import type { FakeServer } from './fake-game-server.ts';
import type { FakeKey } from './fake-game-server.ts';
import { PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';
import { json, needs } from './fake-panel-guards.ts';

/**
 * The panel's `POST /api/client/servers/{server}/files/pull` (`url`, `directory`, `filename`,
 * `use_header`, `foreground`; permission file.create): Wings downloads the URL into the server's
 * files itself, and with `foreground` the panel answers once it is there (docs/modrinth.md).
 * Off by default in this fake (the route answers 404, as a panel without it), so the driver's
 * written path stays the one most tests see; `remoteDownloads: true` turns it on.
 */
export async function handlePull(key: FakeKey, server: FakeServer, body: string): Promise<FakeAnswer> {
  needs(key, 'file.create');
  const data = json(body);
  if (typeof data.url !== 'string' || !/^https?:\/\//.test(data.url)) {
    throw new PanelAnswer(422, 'url', 'The url must be a valid URL.', { meta: { source_field: 'url', rule: 'url' } });
  }
  const directory = typeof data.directory === 'string' ? data.directory : '/';
  const name = typeof data.filename === 'string' && data.filename !== '' ? data.filename : (new URL(data.url).pathname.split('/').pop() ?? 'download');
  const response = await fetch(data.url);
  if (!response.ok)
    throw new PanelAnswer(400, 'DaemonConnectionException', `An error occurred on the remote host: download failed with status ${response.status}.`);
  server.files.write(`${directory}/${name}`, Buffer.from(await response.arrayBuffer()));
  return { status: 204 };
}
