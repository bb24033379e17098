import type http from 'node:http';
import path from 'node:path';
import { WingsError } from './fake-files.ts';
import type { FakeGameServers } from './fake-game-server.ts';
import type { FakeTokens } from './fake-tokens.ts';

/**
 * Wings' signed-link endpoints (docs/pterodactyl.md, "Signed transfer URLs"):
 * `GET /download/file`, `GET /download/backup` and `POST /upload/file?directory=`, each taking a
 * one-use token the panel signed (15 minutes). A token used twice: 404; a bad or expired token:
 * 500 (Wings does not map the JWT error). Uploads are multipart/form-data with parts named
 * `files`; a file over the upload limit (100 MB, counted as MiB) is a 400.
 */

export interface FakeTransfers {
  /** Files uploaded, in order. */
  uploads: { serverUuid: string; path: string; bytes: number }[];
  /** Tokens presented (used or refused), for assertions. */
  tokens: string[];
  /** Wings' api.upload_limit in MB. */
  uploadLimitMb: number;
}

interface LinkClaims {
  server_uuid?: string;
  file_path?: string;
  backup_uuid?: string;
  unique_id?: string;
}

function answerJson(res: http.ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const missing = { error: 'The requested resource was not found on this server.' };
const unexpected = { error: 'An unexpected error was encountered while processing this request', request_id: 'fake' };

/**
 * Go's reading of a Content-Disposition's parameters (mime.ParseMediaType): token or quoted
 * values, and inside quotes a backslash escapes the next special character.
 */
function dispositionParams(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  const pattern = /;\s*([A-Za-z0-9*_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const match of header.matchAll(pattern)) {
    params[match[1]!.toLowerCase()] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!;
  }
  return params;
}

interface FormPart {
  name: string | undefined;
  filename: string | undefined;
  content: Buffer;
}

/** multipart/form-data as Wings' Go reads it; undefined for a body that is not well formed. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (body.subarray(at, at + 2).toString() !== '\r\n') return undefined;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd);
    if (headersEnd < 0 || next < 0) return undefined;
    const headers = body.subarray(at + 2, headersEnd).toString('utf8');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const params = dispositionParams(disposition);
    parts.push({ name: params.name, filename: params.filename, content: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
}

export function createTransferHandler(game: FakeGameServers, tokens: FakeTokens): { handle: http.RequestListener; control: FakeTransfers } {
  const used = new Set<string>();
  const control: FakeTransfers = { uploads: [], tokens: [], uploadLimitMb: 100 };

  function claimsOf(url: URL): LinkClaims | 'invalid' | 'reused' {
    const token = url.searchParams.get('token') ?? '';
    control.tokens.push(token);
    const claims = tokens.verify(token);
    if ('error' in claims) return 'invalid';
    const link = claims as unknown as LinkClaims;
    if (!link.unique_id || used.has(link.unique_id)) return 'reused';
    used.add(link.unique_id);
    return link;
  }

  async function upload(req: http.IncomingMessage, res: http.ServerResponse, serverUuid: string, directory: string): Promise<void> {
    const server = game.find(serverUuid);
    if (!server) return answerJson(res, 404, missing);
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const parts = parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? '');
    if (!parts) return answerJson(res, 400, { error: 'Failed to get multipart form data from request.' });
    const files = parts.filter((part) => part.name === 'files' && part.filename !== undefined);
    if (files.length === 0) return answerJson(res, 400, { error: 'No files were found on the request body.' });
    const limit = control.uploadLimitMb * 1024 * 1024;
    for (const file of files) {
      if (file.content.length > limit) {
        return answerJson(res, 400, { error: `File ${file.filename} is larger than the maximum file upload size of ${control.uploadLimitMb} MB.` });
      }
    }
    try {
      for (const file of files) {
        // Go's multipart keeps only the last element of a part's file name.
        const target = path.posix.join(directory, path.posix.basename(file.filename!));
        server.files.write(target, file.content);
        control.uploads.push({ serverUuid, path: server.files.resolve(target), bytes: file.content.length });
      }
    } catch (error) {
      if (error instanceof WingsError) return answerJson(res, error.status, { error: error.message, request_id: 'fake' });
      throw error;
    }
    res.writeHead(200, { 'Content-Length': 0 });
    res.end();
  }

  const handle: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://wings');
    const route = `${req.method} ${url.pathname}`;
    if (route !== 'GET /download/file' && route !== 'GET /download/backup' && route !== 'POST /upload/file') {
      return answerJson(res, 404, missing);
    }
    const claims = claimsOf(url);
    if (claims === 'invalid') return answerJson(res, 500, unexpected);
    if (claims === 'reused') return answerJson(res, 404, missing);
    const server = claims.server_uuid ? game.find(claims.server_uuid) : undefined;
    if (!server) return answerJson(res, 404, missing);

    if (route === 'POST /upload/file') {
      void upload(req, res, server.uuid, url.searchParams.get('directory') ?? '/').catch(() => answerJson(res, 500, unexpected));
      return;
    }
    let bytes: Buffer;
    let name: string;
    if (route === 'GET /download/backup') {
      const backup = server.backups.find((b) => b.uuid === claims.backup_uuid);
      if (!backup?.archive) return answerJson(res, 404, { error: 'The requested backup was not found on this server.' });
      bytes = backup.archive;
      name = `${backup.uuid}.tar.gz`;
    } else {
      try {
        const target = server.files.resolve(claims.file_path ?? '');
        const node = server.files.nodes.get(target);
        if (!node) return answerJson(res, 500, unexpected);
        if (node.type === 'directory') return answerJson(res, 404, missing);
        bytes = node.content;
        name = path.posix.basename(target);
      } catch {
        return answerJson(res, 500, unexpected);
      }
    }
    res.writeHead(200, {
      'Content-Length': bytes.length,
      'Content-Disposition': `attachment; filename=${JSON.stringify(name)}`,
      'Content-Type': 'application/octet-stream',
    });
    res.end(bytes);
  };

  return { handle, control };
}
