import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { reachableNode } from '../../server/panel/local/reachable.ts';

/** A game server's account, as the local driver made it (run-as.ts). */
export function accountOf(user: string): { uid: number; gid: number } {
  for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === user) return { uid: Number(uid), gid: Number(gid) };
  }
  throw new Error(`no user ${user}`);
}

/**
 * A customer's program: a real process running as the server's user in its folder, swapping the
 * folder `name` for a symbolic link to `target` and back, as fast as it can, and keeping the
 * files `keep` (name → content) inside the real folder. Counts its swaps in `<folder>/.swaps`.
 */
export function linkSwapper(options: { folder: string; name: string; target: string; keep: Record<string, string>; uid: number; gid: number }): {
  child: ChildProcess;
  swaps(): number;
  stop(): Promise<void>;
} {
  const script = `
    const fs = require('node:fs');
    const [name, target, keep] = [process.env.NAME, process.env.TARGET, JSON.parse(process.env.KEEP)];
    const real = name + '.real';
    let swaps = 0;
    for (;;) {
      try {
        for (const [file, content] of Object.entries(keep)) if (!fs.existsSync(name + '/' + file)) fs.writeFileSync(name + '/' + file, content);
        fs.renameSync(name, real);
        fs.symlinkSync(target, name);
        for (let i = 0; i < 20_000; i += 1);
        fs.unlinkSync(name);
        fs.renameSync(real, name);
        // Written aside and renamed: a reader never sees it half written.
        if (++swaps % 100 === 0) {
          fs.writeFileSync('.swaps.tmp', String(swaps));
          fs.renameSync('.swaps.tmp', '.swaps');
        }
      } catch {
        // Back to one real folder: the panel may have made a new one (a missing parent) meanwhile.
        try {
          if (fs.lstatSync(name).isSymbolicLink()) fs.unlinkSync(name);
          else if (fs.existsSync(real)) fs.rmSync(name, { recursive: true, force: true });
        } catch {}
        try { fs.renameSync(real, name); } catch {}
        try { fs.mkdirSync(name); } catch {}
      }
    }`;
  const child = spawn(reachableNode(), ['-e', script], {
    cwd: options.folder,
    uid: options.uid,
    gid: options.gid,
    env: { PATH: '/usr/bin:/bin', NAME: options.name, TARGET: options.target, KEEP: JSON.stringify(options.keep) },
    stdio: 'ignore',
  });
  return {
    child,
    swaps: () => {
      try {
        return Number(fs.readFileSync(`${options.folder}/.swaps`, 'utf8'));
      } catch {
        return 0;
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
