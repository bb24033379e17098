import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { LineSplitter } from './console-text.ts';
import type { ServerConfinement } from './confinement.ts';
import { gameServerPath, reachableNode } from './reachable.ts';
import type { RunAs } from './run-as.ts';
import type { LocalServerConfig } from './servers-file.ts';

/**
 * Spawns a local server's program as its account (or as this process when there is none), in a
 * process group of its own, with only the environment a program needs. Throws what spawn throws.
 */
export function spawnGameServer(config: LocalServerConfig, account: RunAs | undefined, confinement: ServerConfinement): ChildProcess {
  const { command, args, cwd, env } = config;
  // `node` is this app's Node, or its mirror when the server's user cannot reach it (reachable.ts);
  // any other command was made absolute when the servers file was read (servers-file.ts).
  const node = account ? reachableNode() : process.execPath;
  const resolved = command === 'node' ? node : command;
  // With a cgroup, the program is held until it is placed in it (cgroups/held-start.ts).
  const { program, args: argv, stdio } = confinement.command(resolved, args);
  return spawn(program, argv, {
    cwd,
    // Only what a program needs, plus the declared variables: never this app's secrets, nor
    // its PATH (docs/decisions.md 64).
    env: {
      PATH: gameServerPath(node),
      HOME: account ? cwd : (process.env.HOME ?? cwd),
      LANG: process.env.LANG ?? 'C.UTF-8',
      ...(account ? { USER: account.user, LOGNAME: account.user } : {}),
      ...env,
    },
    stdio: [...stdio],
    detached: true,
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
  });
}

/**
 * Hands the child's output to `lines` line by line, and its end to `finish` once: after its output
 * streams have ended ('close'), so every last line is in the console, or when it could not run.
 */
export function followOutput(
  child: ChildProcess,
  lines: (lines: string[]) => void,
  finish: (code: number | null, signal: NodeJS.Signals | null, error?: Error) => void,
): void {
  const out = new LineSplitter();
  const err = new LineSplitter();
  const outDecoder = new StringDecoder('utf8');
  const errDecoder = new StringDecoder('utf8');
  child.stdout!.on('data', (chunk: Buffer) => lines(out.feed(outDecoder.write(chunk))));
  child.stderr!.on('data', (chunk: Buffer) => lines(err.feed(errDecoder.write(chunk))));
  // A process that exits while we write to it: the exit handler reports that, not EPIPE.
  child.stdin!.on('error', () => {});

  let finished = false;
  const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
    if (finished) return;
    finished = true;
    lines([...out.flush(), ...err.flush()]);
    finish(code, signal, error);
  };
  child.once('error', (error) => end(null, null, error));
  child.once('close', (code, signal) => end(code, signal));
}
