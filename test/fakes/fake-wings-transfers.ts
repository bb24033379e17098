import type http from 'node:http';
import path from 'node:path';
import { WingsError } from './fake-files.ts';
import type { FakeGameServers, FakeTokens } from './fake-game-server.ts';

/**
 * Wings' signed-link endpoints (W router/router_download.go, router_server_files.go):
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
    let form: FormData;
    try {
      form = await new Response(Buffer.concat(chunks), { headers: { 'Content-Type': req.headers['content-type'] ?? '' } }).formData();
    } catch {
      return answerJson(res, 400, { error: 'Failed to get multipart form data from request.' });
    }
    const files = form.getAll('files').filter((part): part is File => typeof part !== 'string');
    if (files.length === 0) return answerJson(res, 400, { error: 'No files were found on the request body.' });
    const limit = control.uploadLimitMb * 1024 * 1024;
    for (const file of files) {
      if (file.size > limit) {
        return answerJson(res, 400, { error: `File ${file.name} is larger than the maximum file upload size of ${control.uploadLimitMb} MB.` });
      }
    }
    try {
      for (const file of files) {
        // Go's multipart keeps only the last element of a part's file name.
        const target = path.posix.join(directory, path.posix.basename(file.name));
        server.files.write(target, Buffer.from(await file.arrayBuffer()));
        control.uploads.push({ serverUuid, path: server.files.resolve(target), bytes: file.size });
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
