import { createHash } from 'node:crypto';
import type { ConsoleEvent, ConsoleSubscription, GameServerDriver, ServerCredentials } from './driver.ts';
import { consoleHistoryLines, LineBuffer } from './line-buffer.ts';
import { plainText } from './local/console-text.ts';

/** One browser watching a console: a WebSocket, seen through what the hub needs. */
export interface Viewer {
  /**
   * Sends one WebSocket text message: a JSON array of console messages (contracts/panel.ts).
   * The same buffer goes to every viewer.
   */
  send(message: Buffer): void;
  /** Bytes queued and not yet written to the network. */
  bufferedAmount(): number;
  close(code: number, reason: string): void;
}

export interface Membership {
  send(command: string): Promise<void>;
  leave(): void;
}

/** A viewer this far behind is disconnected rather than buffered without bound. */
const maxBufferedBytes = 8 * 1024 * 1024;
/** The upstream stays open this long after the last viewer leaves, for a page reload. */
const lingerMs = 5000;

interface Channel {
  viewers: Set<Viewer>;
  history: LineBuffer;
  /** The latest state and stats messages (JSON text), replayed to a viewer that joins. */
  state: string | undefined;
  stats: string | undefined;
  upstream: Promise<ConsoleSubscription>;
  linger: NodeJS.Timeout | undefined;
  /** Messages (JSON text) waiting for the next flush: events arriving in one turn go out together. */
  pending: string[];
  flushScheduled: boolean;
}

/** Messages as one socket message: a JSON array. */
function batchOf(messages: readonly string[]): Buffer {
  return Buffer.from(`[${messages.join(',')}]`);
}

/**
 * Console fan-out: one upstream subscription per server and credential, shared by every viewer.
 * The events of one turn are encoded once, as one message, and the same bytes go to every
 * viewer; a new viewer gets the recent lines, the state and the latest stats, then live events.
 */
export class ConsoleHub {
  private readonly driver: GameServerDriver;
  private readonly channels = new Map<string, Channel>();

  constructor(driver: GameServerDriver) {
    this.driver = driver;
  }

  async join(credentials: ServerCredentials, viewer: Viewer): Promise<Membership> {
    const name = `${credentials.serverId}\0${createHash('sha256').update(credentials.key).digest('base64')}`;
    let channel = this.channels.get(name);
    if (!channel) {
      const created: Channel = {
        viewers: new Set(),
        history: new LineBuffer(consoleHistoryLines),
        state: undefined,
        stats: undefined,
        upstream: undefined!,
        linger: undefined,
        pending: [],
        flushScheduled: false,
      };
      created.upstream = this.driver.console(credentials, (event) => this.deliver(created, event));
      channel = created;
      this.channels.set(name, channel);
      channel.upstream.catch(() => {
        if (this.channels.get(name) === created) this.channels.delete(name);
      });
    }
    const joined = channel;
    const upstream = await joined.upstream;
    clearTimeout(joined.linger);
    joined.linger = undefined;
    // Replay and join in one step, so no event is missed or sent twice (pending events go to
    // the viewers already there first: the history holds them too).
    this.flush(joined);
    const replay: string[] = joined.history.toArray();
    if (joined.state) replay.push(joined.state);
    if (joined.stats) replay.push(joined.stats);
    if (replay.length > 0) viewer.send(batchOf(replay));
    joined.viewers.add(viewer);
    return {
      send: (command) => upstream.send(command),
      leave: () => {
        joined.viewers.delete(viewer);
        if (joined.viewers.size > 0 || joined.linger) return;
        joined.linger = setTimeout(() => {
          if (joined.viewers.size > 0 || this.channels.get(name) !== joined) return;
          this.channels.delete(name);
          upstream.close();
        }, lingerMs);
        joined.linger.unref();
      },
    };
  }

  /**
   * The console lines the driver keeps for a server (up to consoleHistoryLines) as plain text,
   * one per line with colour codes removed, for search and download.
   */
  async logText(credentials: ServerCredentials): Promise<string> {
    const lines = await this.driver.consoleLog(credentials);
    return lines.length === 0 ? '' : `${lines.map(plainText).join('\n')}\n`;
  }

  /** Viewers across all channels, for tests and metrics. */
  get viewerCount(): number {
    let count = 0;
    for (const channel of this.channels.values()) count += channel.viewers.size;
    return count;
  }

  close(): void {
    for (const [name, channel] of this.channels) {
      this.channels.delete(name);
      clearTimeout(channel.linger);
      for (const viewer of channel.viewers) viewer.close(1001, 'Server shutting down');
      channel.viewers.clear();
      channel.upstream.then(
        (upstream) => upstream.close(),
        () => {},
      );
    }
  }

  private deliver(channel: Channel, event: ConsoleEvent): void {
    const message = JSON.stringify(event);
    if (event.type === 'line') channel.history.push(message);
    else if (event.type === 'state') channel.state = message;
    else channel.stats = message;
    channel.pending.push(message);
    if (!channel.flushScheduled) {
      channel.flushScheduled = true;
      setImmediate(() => this.flush(channel));
    }
  }

  /** Encodes the pending messages once and sends the same bytes to every viewer. */
  private flush(channel: Channel): void {
    channel.flushScheduled = false;
    if (channel.pending.length === 0) return;
    const batch = batchOf(channel.pending);
    channel.pending = [];
    for (const viewer of channel.viewers) {
      if (viewer.bufferedAmount() > maxBufferedBytes) {
        channel.viewers.delete(viewer);
        viewer.close(1013, 'Console output too fast for this connection; reconnect to catch up');
        continue;
      }
      viewer.send(batch);
    }
  }
}
