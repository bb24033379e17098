/**
 * Runs the fake panel and Wings as a process, for trying the panel pages by hand or a
 * `PANEL_DRIVER=pterodactyl` browser run:
 *   node test/fakes/fake-pterodactyl-cli.ts [--port 8765] [--wings-port 8766]
 * It prints one JSON line (url, wingsUrl, serverId, key) and runs until stopped.
 */
import { parseArgs } from 'node:util';
import { startFakePterodactyl } from './fake-pterodactyl.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'wings-port': { type: 'string' } } });
const panel = await startFakePterodactyl({
  port: values.port ? Number(values.port) : 0,
  wingsPort: values['wings-port'] ? Number(values['wings-port']) : 0,
  startMs: 1500,
  stopMs: 1000,
});
console.log(JSON.stringify({ url: panel.url, wingsUrl: panel.wingsUrl, serverId: panel.serverId, key: panel.keys.client }));
// A little life in the console while the fake server runs, as a real game would log.
let tick = 0;
const chatter = setInterval(() => {
  if (panel.server(panel.serverId).state !== 'running') return;
  tick += 1;
  panel.consoleLines(panel.serverId, `[Fake] There are ${tick % 3} of a max of 20 players online`);
}, 5000);
const stop = () => {
  clearInterval(chatter);
  void panel.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
