import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error.ts';
import type { FileDownload } from '../driver.ts';
import { countingLimit } from '../file-limits.ts';

/**
 * Downloads and uploads through the one-use links Wings signs (15 minutes): our server fetches
 * or posts them and streams the bytes, so neither the link nor the key reaches the browser.
 * A download link may also be an S3 link for backups kept there.
 */

/** Until the answer's head arrives; after that the socket may idle this long. */
const idleMs = 60_000;

function nodeUnreachable(): HttpError {
  return new HttpError(504, 'node_unreachable', "The server's node cannot be reached right now. Try again in a moment.");
}

function nodeRefused(status: number, words: string): HttpError {
  if (status === 404) return new HttpError(404, 'not_found', 'That file is no longer there, or the link expired. Try again.');
  if (status === 400 && /larger than/i.test(words)) return new HttpError(413, 'file_too_large', `The server's node refused the file: ${words}`);
  if (status === 400 && /disk space/i.test(words)) return new HttpError(507, 'disk_full', "The server's disk is full: nothing was changed.");
  if (status >= 400 && status < 500 && words) return new HttpError(400, 'rejected', `The server's node refused: ${words}`);
  return new HttpError(502, 'node_error', "The server's node could not do that. Try again in a moment.");
}

function checkedUrl(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new HttpError(502, 'panel_error', 'The game panel answered with an unusable link.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(502, 'panel_error', 'The game panel answered with an unusable link.');
  return url;
}

/** Wings' error body `{"error": "..."}`, read from a small answer. */
async function errorWords(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) break;
    chunks.push(chunk);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : '';
  } catch {
    return '';
  }
}

function send(url: URL, options: http.RequestOptions, timeoutMs: number): { request: http.ClientRequest; response: Promise<IncomingMessage> } {
  const transport = url.protocol === 'https:' ? https : http;
  const request = transport.request(url, { ...options, agent: false });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    const timer = setTimeout(() => request.destroy(new Error('timeout')), timeoutMs);
    timer.unref();
    request.once('close', () => clearTimeout(timer));
    request.once('response', (answer) => {
      clearTimeout(timer);
      answer.socket?.setTimeout(idleMs, () => answer.destroy(new Error('the node stopped sending')));
      resolve(answer);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return { request, response };
}

/** The file name of `Content-Disposition: attachment; filename="…"`, when there is one. */
function dispositionName(header: string | undefined): string | undefined {
  const match = header ? (/filename="((?:[^"\\]|\\.)*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header)) : null;
  return match?.[1]?.replace(/\\(.)/g, '$1').trim() || undefined;
}

/** Streams a signed link's file; resolves once the answer's head says it is coming. */
export async function downloadSigned(link: string, fallbackName: string, timeoutMs: number): Promise<FileDownload> {
  const url = checkedUrl(link);
  const { request, response } = send(url, { method: 'GET', headers: { Accept: '*/*', 'User-Agent': 'Hostfront-Panel/1' } }, timeoutMs);
  request.end();
  let answer: IncomingMessage;
  try {
    answer = await response;
  } catch {
    throw nodeUnreachable();
  }
  if (answer.statusCode !== 200) throw nodeRefused(answer.statusCode ?? 0, await errorWords(answer).catch(() => ''));
  const length = Number(answer.headers['content-length']);
  return {
    name: dispositionName(answer.headers['content-disposition']) ?? fallbackName,
    size: Number.isSafeInteger(length) && length >= 0 ? length : null,
    stream: answer,
  };
}

/**
 * Posts one file to a signed upload link as Wings takes it: multipart/form-data with one part
 * named `files`, and `directory` in the query. The declared size goes into Content-Length and
 * the stream is counted on the way (server/panel/file-limits.ts).
 */
export async function uploadSigned(link: string, directory: string, name: string, size: number, source: Readable, timeoutMs: number): Promise<void> {
  const url = checkedUrl(link);
  url.searchParams.set('directory', `/${directory}`);
  const boundary = `----HostfrontUpload${randomBytes(12).toString('hex')}`;
  const quoted = name.replace(/(["\\])/g, '\\$1');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${quoted}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { request, response } = send(
    url,
    {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': head.length + size + tail.length,
        Accept: 'application/json',
        'User-Agent': 'Hostfront-Panel/1',
      },
    },
    // The whole body goes out before the answer: give it the time a slow link needs.
    Math.max(timeoutMs, 10 * 60_000),
  );
  const frame = async function* multipart(counted: AsyncIterable<Buffer>) {
    yield head;
    yield* counted;
    yield tail;
  };
  // The answer may come early (a refusal): its outcome decides, not the broken pipe it leaves.
  const answered = response.then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  try {
    await pipeline(source, countingLimit(size), frame, request);
  } catch (error) {
    if (error instanceof HttpError) {
      request.destroy();
      throw error;
    }
    const outcome = await Promise.race([answered, new Promise<undefined>((resolve) => setTimeout(resolve, 1000))]);
    if (!outcome || !('answer' in outcome)) throw nodeUnreachable();
  }
  const outcome = await answered;
  if ('error' in outcome) throw nodeUnreachable();
  const { answer } = outcome;
  if (answer.statusCode !== 200 && answer.statusCode !== 204) throw nodeRefused(answer.statusCode ?? 0, await errorWords(answer).catch(() => ''));
  answer.resume();
}
