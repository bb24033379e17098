import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleEvent, ConsoleSubscription, GameServerDriver } from '../../server/panel/driver.ts';
import { maxLineLength } from '../../server/panel/local/console-text.ts';
import { createPterodactylDriver } from '../../server/panel/pterodactyl/pterodactyl-driver.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { waitFor } from '../helpers/until.ts';

let panel: FakePterodactyl;
let driver: GameServerDriver;
let subscriptions: ConsoleSubscription[] = [];

beforeEach(async () => {
  panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
  driver = createPterodactylDriver({ panelUrl: panel.url, maxConsoleBackoffMs: 200 });
});
afterEach(async () => {
  for (const s of subscriptions) s.close();
  subscriptions = [];
  await driver.close();
  await panel.close();
});

function seen(check: () => boolean | Promise<boolean>, timeoutMs = 4000): Promise<void> {
  return waitFor(check, 'the condition', { timeoutMs, everyMs: 10 });
}

describe('Wings console lines', () => {
  it('are capped at the local driver’s line length, for live viewers and for those who join later', async () => {
    const lines: string[] = [];
    const onEvent = (event: ConsoleEvent) => event.type === 'line' && lines.push(event.text);
    subscriptions.push(await driver.console({ serverId: panel.serverId, key: panel.keys.client }, onEvent));
    const huge = 'A'.repeat(1024 * 1024);
    panel.consoleLines(panel.serverId, huge, 'short line');
    await seen(() => lines.includes('short line'));
    const long = lines.find((l) => l.startsWith('AAAA'))!;
    expect(long.length).toBe(maxLineLength + 1);
    expect(long.endsWith('…')).toBe(true);

    const later: string[] = [];
    subscriptions.push(await driver.console({ serverId: panel.serverId, key: panel.keys.client }, (e) => e.type === 'line' && later.push(e.text)));
    await seen(() => later.includes('short line'));
    expect(Math.max(...later.map((l) => l.length))).toBe(maxLineLength + 1);
  });
});
