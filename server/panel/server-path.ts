import { HttpError } from '../lib/http-error.ts';

/**
 * Paths a customer sends for the files of a game server, checked before anything is touched,
 * by both drivers: relative to the server's root with `/` between names, '' for the root itself.
 * Refused with 400, whatever the spelling: `..` and `.` names, an absolute path, a backslash,
 * a NUL or other control character, and percent-encoding that decodes to any of those (or to a
 * `/`), since some layer further on might decode it again. Symlinks are the local driver's
 * business (server/panel/local/confined-fs.ts resolves real paths); Wings does its own.
 */

/** Longest path and longest single name accepted (Linux: PATH_MAX 4096, NAME_MAX 255 bytes). */
const maxPathBytes = 4096;
const maxNameBytes = 255;

const controlChar = /[\x00-\x1f\x7f]/;
const percentEncoded = /%[0-9a-fA-F]{2}/;

function refuse(field: string, reason: string): HttpError {
  return new HttpError(400, 'invalid_path', `That path is not allowed: ${reason}.`, { fields: { [field]: reason } });
}

/** Percent-decodes repeatedly (at most a few rounds), for the check only: names are kept as sent. */
function decodedForms(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3 && percentEncoded.test(current); round++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      break;
    }
    forms.push(current);
  }
  return forms;
}

const slashes = (text: string) => text.split('/').length - 1;

/** `previous`: the form before this round of decoding (undefined for the path as sent). */
function checkForm(form: string, field: string, previous: string | undefined): void {
  if (form.includes('\0')) throw refuse(field, 'it contains a NUL byte');
  if (controlChar.test(form)) throw refuse(field, 'it contains a control character');
  if (form.includes('\\')) throw refuse(field, 'it contains a backslash; use / between folder names');
  if (form.startsWith('/')) throw refuse(field, "it is absolute; paths start at the server's root, without a leading /");
  if (previous !== undefined && slashes(form) > slashes(previous)) throw refuse(field, 'it contains a percent-encoded /');
  const names = form.replace(/\/$/, '').split('/');
  for (const name of names) {
    if (name === '..') throw refuse(field, 'it contains ".."');
    if (name === '.') throw refuse(field, 'it contains "."');
    if (name === '' && form !== '') throw refuse(field, 'it contains an empty folder name (//)');
  }
}

/**
 * The path in its one accepted spelling (no trailing slash), or HttpError 400 naming `field`.
 * `allowRoot` accepts '' (the root) for listings; a file operation needs a name.
 */
export function checkServerPath(value: unknown, options: { field?: string; allowRoot?: boolean } = {}): string {
  const field = options.field ?? 'path';
  if (typeof value !== 'string') throw refuse(field, 'it is not text');
  if (Buffer.byteLength(value) > maxPathBytes) throw refuse(field, `it is longer than ${maxPathBytes} bytes`);
  const forms = decodedForms(value);
  forms.forEach((form, index) => {
    checkForm(form, field, forms[index - 1]);
  });
  const path = value.replace(/\/$/, '');
  if (path === '' && !options.allowRoot) throw refuse(field, "it names the server's root folder, not a file or folder in it");
  for (const name of path.split('/')) {
    if (Buffer.byteLength(name) > maxNameBytes) throw refuse(field, `a name in it is longer than ${maxNameBytes} bytes`);
  }
  return path;
}

/** The folder part of a checked path ('' for the root). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The last name of a checked path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins a checked folder and a name. */
export function joinPath(directory: string, name: string): string {
  return directory === '' ? name : `${directory}/${name}`;
}
