import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureOwnerOnlyDir, tightenFile } from '../lib/owner-only.ts';

/** The shortest session secret accepted, from SESSION_SECRET or from the file. */
export const minSecretLength = 32;

export class SessionSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionSecretError';
  }
}

function checked(file: string, text: string): string {
  const secret = text.trim();
  if (secret.length < minSecretLength) {
    throw new SessionSecretError(
      `SESSION_SECRET: ${file} holds ${secret.length === 0 ? 'no secret' : `only ${secret.length} characters`}; at least ${minSecretLength} are needed. Delete the file to have a new one generated (every panel session ends), or set SESSION_SECRET.`,
    );
  }
  return secret;
}

/**
 * When SESSION_SECRET is unset, one is generated on first start and kept in the data folder,
 * readable by the owner only, so sessions survive restarts. A file that is empty or too short
 * (truncated, or written by hand) stops the start rather than sign sessions with it.
 */
export function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const text = fs.readFileSync(file, 'utf8');
    tightenFile(file);
    return checked(file, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensureOwnerOnlyDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another instance won the race: use what it wrote.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return checked(file, fs.readFileSync(file, 'utf8'));
    throw error;
  }
}
