import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reachableNode } from '../../../server/panel/local/reachable.ts';
import { claimUser } from '../../../server/panel/local/user-claims.ts';
import { varRoot } from '../../../server/panel/local/var-root.ts';
import { isRoot, machineHas } from '../../helpers/machine-needs.ts';
import { testInstall } from '../../helpers/test-install.ts';

// On a new machine the users' claims were the first thing made under /var/lib/hostfront, and a
// recursive mkdir gave /var/lib/hostfront their 0700: no game server's user could reach the Node
// mirror beside them, and every server exited 126 (docs/decisions.md 63).
describe.skipIf(!machineHas('root', isRoot))('/var/lib/hostfront', () => {
  it("stays passable by the servers' users, and a folder left closed is opened again", () => {
    const user = `hostfront-${testInstall().id}-var-root`;
    // Closed as the earlier version left it, then claimed again at once (synchronously: other suites use the folder too).
    fs.chmodSync(varRoot, 0o700);
    claimUser(user, testInstall());
    expect(fs.statSync(varRoot).mode & 0o777).toBe(0o755);
    // The Node a server runs (this one, or its mirror under /var/lib/hostfront) runs for a user with no relation to root.
    const node = reachableNode();
    const run = spawnSync(node, ['-e', 'process.stdout.write("ran")'], { uid: 65534, gid: 65534, encoding: 'utf8' });
    expect(run.stdout, run.stderr).toBe('ran');
  });
});
