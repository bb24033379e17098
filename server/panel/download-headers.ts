import { create } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FileDownload } from './driver.ts';

/** `attachment` with the file's name, an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  return create(name);
}

/**
 * Streams a file or backup to the browser as a download: its name, its length when known, and
 * never sniffed or cached. The engine's stream is piped as it arrives (nothing is held in memory).
 */
export function sendDownload(reply: FastifyReply, file: FileDownload): FastifyReply {
  void reply.header('content-type', 'application/octet-stream').header('content-disposition', attachment(file.name)).header('cache-control', 'no-store');
  if (file.size !== null) void reply.header('content-length', String(file.size));
  return reply.send(file.stream);
}
