import dgram from 'node:dgram';
import net from 'node:net';

export interface DnsServerOptions {
  /** Name (lower case, no trailing dot) → its addresses, IPv4 and IPv6 mixed. Other names: NXDOMAIN. */
  records: Record<string, string[]>;
  /** Answers wait this long (a slow name server). */
  delayMs?: number;
}

export interface DnsServer {
  /** "127.0.0.1:port", as STATUS_CHECK_DNS_SERVERS takes it. */
  address: string;
  /** Every question received, as "name TYPE". */
  queries: string[];
  setDelay(ms: number): void;
  close(): Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function ipv6Bytes(address: string): Buffer {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}

/**
 * A tiny DNS server over UDP on loopback, for tests: answers A and AAAA questions from a table,
 * NXDOMAIN for names it does not know, each answer after an optional delay.
 */
export function startDnsServer(options: DnsServerOptions): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  let delayMs = options.delayMs ?? 0;
  const timers = new Set<NodeJS.Timeout>();
  socket.on('message', (message, remote) => {
    if (message.length < 12) return;
    const { name, end } = readName(message, 12);
    const type = message.readUInt16BE(end);
    queries.push(`${name} ${type === 1 ? 'A' : type === 28 ? 'AAAA' : type}`);
    const question = message.subarray(12, end + 4);
    const known = Object.hasOwn(options.records, name);
    const answers = (options.records[name] ?? []).filter((ip) => (type === 1 ? net.isIPv4(ip) : type === 28 ? net.isIPv6(ip) : false));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((ip) => {
      const data = type === 1 ? Buffer.from(ip.split('.').map(Number)) : ipv6Bytes(ip);
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0);
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    const reply = Buffer.concat([header, question, ...records]);
    const timer = setTimeout(() => {
      timers.delete(timer);
      socket.send(reply, remote.port, remote.address);
    }, delayMs);
    timers.add(timer);
  });
  return new Promise((resolve) => {
    socket.bind(0, '127.0.0.1', () => {
      resolve({
        address: `127.0.0.1:${socket.address().port}`,
        queries,
        setDelay: (ms) => (delayMs = ms),
        close: () =>
          new Promise((done) => {
            for (const timer of timers) clearTimeout(timer);
            socket.close(() => done());
          }),
      });
    });
  });
}
