import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { ConsoleHub, type Batch, type Viewer } from '../../../server/panel/console-hub.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { textFrame } from '../../../server/panel/ws-frame.ts';

/** ws's frame parser (exported by the package, not declared in @types/ws). */
interface FrameReceiver {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  write(chunk: Buffer): void;
}
const Receiver = (ws as unknown as { Receiver: new (options: object) => FrameReceiver }).Receiver;

/** Decodes frames with ws's own receiver, as a browser's WebSocket would read them. */
function decode(frames: Buffer): string[] {
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  const messages: string[] = [];
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    messages.push(String(data));
  });
  receiver.write(frames);
  return messages;
}

describe('WebSocket text frames', () => {
  it('encode short, 16-bit and 64-bit lengths as ws reads them', () => {
    const payloads = ['{"type":"line","text":"hi"}', 'é'.repeat(200), 'x'.repeat(70_000)];
    const frames = Buffer.concat(payloads.map((p) => textFrame(Buffer.from(p))));
    expect(decode(frames)).toEqual(payloads);
  });
});

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
    send(batch: Batch) {
      const fromFrames = decode(batch.frames);
      expect(fromFrames).toEqual(batch.messages.map(String));
      for (const m of fromFrames) this.messages.push(JSON.parse(m));
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

  async function until(check: () => boolean) {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('shares one upstream, replays history to late viewers without gaps or repeats, and drops a viewer that falls behind', async () => {
    driver = createLocalDriver({
      servers: [
        {
          id: 'hub', name: 'Hub', description: '', command: 'node', args: [path.resolve('test/fixtures/game-server.mjs')], cwd: path.resolve('test/fixtures/servers/hub'),
          env: { GAME_STARTUP_MS: '50' }, limits: { memory: 0, disk: 0, cpu: 0 }, readyPattern: /Done/, stopCommand: 'stop', stopTimeoutSeconds: 5, autostart: false, keyHash: await hashKey(key),
        },
      ],
      log: { info() {}, warn() {} },
    });
    let upstreams = 0;
    const counted = { ...driver, console: (...args: Parameters<LocalDriver['console']>) => (upstreams++, driver!.console(...args)) };
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
    const spam = (viewer: RecordingViewer) => viewer.lines().filter((l) => l?.startsWith('spam line')).map((l) => Number(l!.slice(10)));
    expect(spam(first)).toEqual([...Array(3000).keys()]);
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
