import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateInstall } from '../../../server/panel/local/install.ts';
import { accountFor, accountName } from '../../../server/panel/local/run-as.ts';
import { claimsRoot } from '../../../server/panel/local/user-claims.ts';
import { removeGoneTestInstalls } from '../../helpers/gone-test-installs.ts';

/**
 * The tests' clean-up of what their installs leave as root (test/helpers/gone-test-installs.ts):
 * the system user and claim of an install whose temporary data folder is gone are removed; those
 * of an install still there are kept.
 */
const isRoot = process.getuid?.() === 0;
const exists = (user: string) => {
  try {
    execFileSync('/usr/bin/getent', ['passwd', user], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe.runIf(isRoot)('system users of test installs that are gone (as root)', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-gone-installs-'));
  afterAll(() => {
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('removes the user and claim of a gone install, and keeps those of a live one', async () => {
    const gone = loadOrCreateInstall(path.join(base, 'gone'));
    const live = loadOrCreateInstall(path.join(base, 'live'));
    const goneUser = accountName('leftover', gone.id);
    const liveUser = accountName('leftover', live.id);
    await accountFor({ id: 'leftover', cwd: path.join(base, 'gone', 'servers', 'leftover') }, gone);
    await accountFor({ id: 'leftover', cwd: path.join(base, 'live', 'servers', 'leftover') }, live);
    expect(exists(goneUser) && exists(liveUser)).toBe(true);

    fs.rmSync(path.join(base, 'gone'), { recursive: true });
    expect(removeGoneTestInstalls()).toContain(goneUser);
    expect(exists(goneUser)).toBe(false);
    expect(fs.existsSync(path.join(claimsRoot, goneUser))).toBe(false);
    expect(exists(liveUser)).toBe(true);
    expect(fs.existsSync(path.join(claimsRoot, liveUser))).toBe(true);

    fs.rmSync(path.join(base, 'live'), { recursive: true });
    expect(removeGoneTestInstalls()).toContain(liveUser);
    expect(exists(liveUser)).toBe(false);
  });
});
