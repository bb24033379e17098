import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../../../server/panel/local/folder-worker.ts';
import { accountFor, prepareFolder, type RunAs } from '../../../server/panel/local/run-as.ts';
import { machineHas } from '../../helpers/machine-needs.ts';
import { testInstall } from '../../helpers/test-install.ts';

/**
 * The folder worker of an app run as root from a checkout its servers' users cannot enter (a
 * clone in a 0700 folder under /root, as the README's start command is often run): a copy of the
 * worker's code and of tar in such a folder, and a backup's archive made and extracted as the
 * server's user. tar is loaded on the first archive, so it must be loaded before root is given up.
 */

const isRoot = process.getuid?.() === 0;
/** tar and the packages it loads (node_modules has them flat). */
const tarPackages = ['tar', '@isaacs/fs-minipass', 'chownr', 'minipass', 'minizlib', 'yallist'];
let closed: string;
let games: string;
let account: RunAs;

beforeAll(async () => {
  if (!isRoot) return;
  closed = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-closed-'));
  fs.chmodSync(closed, 0o700);
  for (const folder of ['server', 'contracts']) fs.cpSync(path.resolve(folder), path.join(closed, folder), { recursive: true });
  for (const name of tarPackages) fs.cpSync(path.resolve('node_modules', name), path.join(closed, 'node_modules', name), { recursive: true });
  games = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-closed-games-'));
  fs.chmodSync(games, 0o711);
  const cwd = path.join(games, 'server');
  account = await accountFor({ id: 'closed-checkout', cwd }, testInstall());
  await prepareFolder(cwd, account, testInstall());
  fs.writeFileSync(path.join(cwd, 'server.properties'), 'motd=closed\n');
  fs.chownSync(path.join(cwd, 'server.properties'), account.uid, account.gid);
  fs.mkdirSync(path.join(games, 'restored'), { mode: 0o700 });
  fs.chownSync(path.join(games, 'restored'), account.uid, account.gid);
});
afterAll(() => {
  if (!isRoot) return;
  fs.rmSync(closed, { recursive: true, force: true });
  fs.rmSync(games, { recursive: true, force: true });
});

/** Runs one action in the closed checkout's worker, as the server's user: its answer and its output. */
function inClosedWorker(action: Record<string, unknown>, input?: Buffer): Promise<{ message: WorkerMessage; output: Buffer; stderr: string }> {
  const child = spawn(process.execPath, [path.join(closed, 'server/panel/local/folder-worker.ts')], {
    cwd: '/',
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
  const output: Buffer[] = [];
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    let answer: WorkerMessage | undefined;
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'input') child.stdin!.end(input);
      else if (message.type === 'done' || message.type === 'error') answer = message;
    });
    child.on('error', reject);
    child.on('close', () => (answer ? resolve({ message: answer, output: Buffer.concat(output), stderr }) : reject(new Error(`no answer: ${stderr}`))));
    child.send({ uid: account.uid, gid: account.gid, action });
  });
}

describe.skipIf(!machineHas('root', isRoot))('the folder worker of a checkout closed to the servers’ users', () => {
  it('makes a backup’s archive and restores it as the server’s user', async () => {
    const packed = await inClosedWorker({ op: 'pack', root: path.join(games, 'server') });
    expect(packed.message, packed.stderr).toMatchObject({ type: 'done' });
    expect(gunzipSync(packed.output).includes('motd=closed')).toBe(true);

    const extracted = await inClosedWorker({ op: 'extract', root: games, into: path.join(games, 'restored') }, packed.output);
    expect(extracted.message, extracted.stderr).toMatchObject({ type: 'done' });
    const restored = path.join(games, 'restored', 'server.properties');
    expect(fs.readFileSync(restored, 'utf8')).toBe('motd=closed\n');
    expect(fs.statSync(restored).uid).toBe(account.uid);
  });
});
