import type pretty from 'pino-pretty';
import { loadPinoPretty } from './lazy-imports.ts';

/**
 * Lines an operator must not miss on a terminal: drawn in a box. Matched by their message so the
 * code that logs them stays as it is (today the demo server's connect line, with its key).
 */
const announcements = [/^Demo Minecraft server\b/];

type Colors = Parameters<NonNullable<Extract<pretty.PrettyOptions['messageFormat'], (...args: never[]) => string>>>[3]['colors'];

function boxed(message: string, colors: Colors): string {
  const rule = '─'.repeat(Math.min(100, Math.max(20, message.length + 2)));
  // The line's other fields follow on a line of their own, under the box.
  return `\n${colors.yellow(`┌${rule}`)}\n${colors.yellow('│')} ${colors.bold(message)}\n${colors.yellow(`└${rule}`)}\n `;
}

/** A request log line in a few words: `→ GET /path` when it comes in, `← 200 in 1.2 ms` when answered. */
function requestLine(log: Record<string, unknown>, message: string): string | undefined {
  const id = typeof log.reqId === 'string' ? `[${log.reqId.slice(0, 8)}] ` : '';
  const req = log.req as { method?: string; url?: string } | undefined;
  if (req && message === 'incoming request') return `${id}→ ${req.method ?? ''} ${req.url ?? ''}`;
  const res = log.res as { statusCode?: number } | undefined;
  if (res && message === 'request completed') {
    const time = typeof log.responseTime === 'number' ? ` in ${log.responseTime.toFixed(1)} ms` : '';
    return `${id}← ${res.statusCode ?? ''}${time}`;
  }
  return undefined;
}

/**
 * pino-pretty for people: local time, no pid or host, request lines in a few words, other
 * fields on the same line, announcements boxed. Writes to `destination` (stdout by default).
 */
export async function prettyLogStream(options: { destination?: NodeJS.WritableStream; colorize?: boolean } = {}): Promise<NodeJS.WritableStream> {
  const pretty = await loadPinoPretty();
  return pretty({
    destination: options.destination ?? 1,
    sync: true,
    colorize: options.colorize ?? pretty.isColorSupported,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime,reqId',
    singleLine: true,
    messageFormat(log, messageKey, _level, { colors }) {
      const message = String(log[messageKey] ?? '');
      if (announcements.some((pattern) => pattern.test(message))) return boxed(message, colors);
      return requestLine(log, message) ?? message;
    },
  });
}

/** Readable lines when the server's output is a terminal; undefined (JSON on stdout) otherwise. */
export async function terminalLogStream(): Promise<NodeJS.WritableStream | undefined> {
  return process.stdout.isTTY ? prettyLogStream() : undefined;
}
