import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { ServerCgroup } from './cgroup.ts';

/**
 * A server's program, started held (docs/decisions.md 69): /bin/sh, by its absolute path, waits
 * for a line on descriptor 3 and only then replaces itself with the program. The app moves the
 * waiting shell into the server's cgroup first, so everything the program runs or forks is born
 * there: moving the program after it started would race its first forks. Without the line (the
 * app could not place it) the shell exits 111 and the program never runs.
 */
const script = 'IFS= read -r go <&3 && [ "$go" = go ] || exit 111; exec 3<&-; exec "$@"';

/** The exit code of a start called off before the program ran. */
export const heldStartAbandoned = 111;

/** What to spawn instead of `program args` (with a fourth pipe: heldStdio). */
export function heldCommand(program: string, args: string[]): { program: string; args: string[] } {
  return { program: '/bin/sh', args: ['-c', script, 'hostfront-start', program, ...args] };
}

export const heldStdio = ['pipe', 'pipe', 'pipe', 'pipe'] as const;

/**
 * Places the held shell in the cgroup, then lets it run the program, unless `proceed` says no
 * (the server was stopped meanwhile: the shell exits 111). The shell is this process's child and
 * not yet waited for, so its pid cannot be someone else's meanwhile.
 */
export async function releaseHeld(child: ChildProcess, cgroup: ServerCgroup, proceed: () => boolean = () => true): Promise<void> {
  const gate = child.stdio[3] as Writable | null | undefined;
  if (!gate || child.pid === undefined) throw new Error('the server process did not start');
  gate.on('error', () => {}); // a shell that exited early: its exit reports that
  try {
    await cgroup.place(child.pid);
  } catch (error) {
    gate.end();
    throw error;
  }
  if (proceed()) gate.end('go\n');
  else gate.end();
}
