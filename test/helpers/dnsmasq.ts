import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import { freePort } from './free-port.ts';
import { waitFor } from './until.ts';

/** Where Debian's dnsmasq is (package dnsmasq-base, installed by scripts/ensure-system.sh), or undefined. */
export const dnsmasqPath = ['/usr/sbin/dnsmasq', '/usr/bin/dnsmasq'].find((p) => fs.existsSync(p));

export interface Dnsmasq {
  /** "127.0.0.1:port": where it answers (UDP and TCP). */
  address: string;
  close(): Promise<void>;
}

/**
 * A real name server for tests: Debian's dnsmasq on a loopback port, answering only from its
 * command line (`--no-resolv --no-hosts`, no configuration file): `args` are its record options
 * (`--host-record=`, `--txt-record=`, `--cname=`, `--mx-host=`, `--address=`). Resolves once it
 * answers a question.
 */
export async function startDnsmasq(args: readonly string[]): Promise<Dnsmasq> {
  if (!dnsmasqPath) throw new Error('dnsmasq is not installed (apt-get install dnsmasq-base; scripts/ensure-system.sh does)');
  const port = await freePort();
  const child: ChildProcess = spawn(
    dnsmasqPath,
    [
      '--keep-in-foreground',
      '--conf-file=/dev/null',
      '--no-resolv',
      '--no-hosts',
      '--bind-interfaces',
      '--listen-address=127.0.0.1',
      `--port=${port}`,
      '--pid-file=',
      '--log-facility=-',
      ...args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = `127.0.0.1:${port}`;
  const probe = new Resolver({ timeout: 200, tries: 1 });
  probe.setServers([address]);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`dnsmasq exited (${child.exitCode}): ${errors}`);
      // Any answer says it listens: a name it does not serve is refused (no upstream), or not found.
      return probe.resolveTxt('ready.invalid').then(
        () => true,
        (error: NodeJS.ErrnoException) => ['EREFUSED', 'ENOTFOUND', 'ENODATA'].includes(error.code ?? ''),
      );
    },
    'dnsmasq to answer',
    { timeoutMs: 10_000, context: () => errors },
  );
  return {
    address,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
