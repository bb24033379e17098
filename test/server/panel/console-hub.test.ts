import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleHub, type Viewer } from '../../../server/panel/console-hub.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { fixtureServersDir, reachableFixture } from '../../helpers/reachable-fixture.ts';
import { waitFor } from '../../helpers/until.ts';

describe('console hub', () => {
  const key = 'hub-test-key-123456';
  let driver: LocalDriver | undefined;
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });

  class RecordingViewer implements Viewer {
    messages: Array<{ type: string; text?: string; state?: string }> = [];
    closed: number | undefined;
    buffered = 0;
    batches = 0;
    send(message: Buffer) {
      const batch = JSON.parse(String(message)) as RecordingViewer['messages'];
      expect(Array.isArray(batch)).toBe(true);
      this.batches += 1;
      this.messages.push(...batch);
    }
    bufferedAmount() {
      return this.buffered;
    }
    close(code: number) {
      this.closed = code;
    }
    lines() {
      return this.messages.filter((m) => m.type === 'line').map((m) => m.text);
    }
  }

  const until = (check: () => boolean) => waitFor(check, 'the viewers', { timeoutMs: 10_000, everyMs: 10 });

  it('shares one upstream, replays history to late viewers without gaps or repeats, and drops a viewer that falls behind', async () => {
    driver = createLocalDriver({
      servers: [
        {
          id: 'hub',
          name: 'Hub',
          description: '',
          command: 'node',
          args: [reachableFixture('game-server.mjs')],
          cwd: path.join(fixtureServersDir(), 'servers', 'hub'),
          env: { GAME_STARTUP_MS: '50' },
          limits: { memory: 0, disk: 0, cpu: 0 },
          readyPattern: /Done/,
          stopCommand: 'stop',
          stopTimeoutSeconds: 5,
          autostart: false,
          keyHash: await hashKey(key),
        },
      ],
      log: { info() {}, warn() {} },
    });
    let upstreams = 0;
    const counted = {
      ...driver,
      console: (...args: Parameters<LocalDriver['console']>) => {
        upstreams++;
        return driver!.console(...args);
      },
    };
    const hub = new ConsoleHub(counted);
    const credentials = { serverId: 'hub', key };
    const first = new RecordingViewer();
    const firstMembership = await hub.join(credentials, first);
    await driver.power(credentials, 'start');
    await until(() => first.messages.some((m) => m.state === 'running'));
    await driver.sendCommand(credentials, 'spam 3000');
    // Join while the flood is arriving.
    await until(() => first.lines().some((l) => l?.startsWith('spam line 1')));
    const second = new RecordingViewer();
    await hub.join(credentials, second);
    await until(() => first.lines().includes('spam line 2999') && second.lines().includes('spam line 2999'));
    expect(upstreams).toBe(1);
    const spam = (viewer: RecordingViewer) =>
      viewer
        .lines()
        .filter((l) => l?.startsWith('spam line'))
        .map((l) => Number(l!.slice(10)));
    expect(spam(first)).toEqual([...Array(3000).keys()]);
    // Lines arriving in one turn travel together, as one message.
    expect(first.batches).toBeLessThan(first.messages.length);
    // The late viewer starts inside the last 1,000 lines and then sees every line once, in order.
    const late = spam(second);
    expect(late.length).toBeGreaterThanOrEqual(1000);
    expect(late).toEqual([...Array(late.length).keys()].map((i) => 3000 - late.length + i));

    // A viewer far behind is disconnected instead of buffering without bound.
    second.buffered = 64 * 1024 * 1024;
    await driver.sendCommand(credentials, 'color');
    await until(() => second.closed !== undefined);
    expect(second.closed).toBe(1013);
    expect(hub.viewerCount).toBe(1);
    firstMembership.leave();
    hub.close();
  });
});
