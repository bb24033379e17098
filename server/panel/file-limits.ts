import { Transform, type TransformCallback } from 'node:stream';
import { maxEditBytes, maxUploadBytes } from '../../contracts/panel-rules.ts';
import { HttpError } from '../lib/http-error.ts';

// The limits are the contract's rules, which the browser checks too.
export { maxEditBytes, maxUploadBytes };

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

export function uploadTooLarge(): HttpError {
  return new HttpError(413, 'file_too_large', `The file is larger than the upload limit of ${mib(maxUploadBytes)}.`);
}

/**
 * The declared length of an upload, checked before a byte of the body is read: 411 when the
 * client did not say, 413 when it is over the limit.
 */
export function checkUploadSize(declared: number | undefined): number {
  if (declared === undefined || !Number.isSafeInteger(declared) || declared < 0) {
    throw new HttpError(411, 'length_required', 'The upload must declare its size (Content-Length).');
  }
  if (declared > maxUploadBytes) throw uploadTooLarge();
  return declared;
}

/**
 * Passes exactly `declared` bytes on: more fails with 413 as soon as they arrive (the rest is
 * never read), fewer fails with 400 at the end. Put between the request body and the file.
 */
export function countingLimit(declared: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > declared)
        return callback(seen > maxUploadBytes ? uploadTooLarge() : new HttpError(413, 'file_too_large', 'The upload is longer than the size it declared.'));
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (seen < declared) return callback(new HttpError(400, 'upload_incomplete', `The upload ended after ${seen} of the ${declared} bytes it declared.`));
      callback();
    },
  });
}

export function notEditable(reason: 'binary' | 'too_large' | 'directory'): HttpError {
  const messages = {
    binary: 'This is a binary file: it cannot be opened in the editor. Download it instead.',
    too_large: `This file is larger than ${mib(maxEditBytes)}: it cannot be opened in the editor. Download it instead.`,
    directory: 'This is a folder, not a file.',
  };
  return new HttpError(422, reason === 'directory' ? 'is_directory' : `file_${reason}`, messages[reason]);
}

export function editTooLarge(): HttpError {
  return new HttpError(413, 'file_too_large', `The text is larger than ${mib(maxEditBytes)}, the most the editor saves.`);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of a file's bytes, or 422 when they are not text (a NUL byte, or not valid UTF-8). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length > maxEditBytes) throw notEditable('too_large');
  if (bytes.includes(0)) throw notEditable('binary');
  try {
    return utf8.decode(bytes);
  } catch {
    throw notEditable('binary');
  }
}

/** Whether the first bytes of a file look like text (the same rule, on a prefix that may cut a character short). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
