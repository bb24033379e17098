// Preloaded with `node --import` by browser tests that move a server process's clock (the app's
// clock, server/lib/clock.ts, reads Date.now): the real time plus the milliseconds written in
// HOSTFRONT_TEST_CLOCK_FILE, read again whenever the process gets SIGUSR2 (moveClock below).
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';

const file = process.env.HOSTFRONT_TEST_CLOCK_FILE;
if (file) {
  const real = Date.now.bind(Date);
  let offset = 0;
  const read = () => {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '0';
    offset = Number(text) || 0;
  };
  read();
  process.on('SIGUSR2', read);
  Date.now = () => real() + offset;
}

/** Moves the clock of a server started with this preload to `offsetMs` ahead of real time. */
export function moveClock(child: ChildProcess, clockFile: string, offsetMs: number): void {
  fs.writeFileSync(clockFile, String(offsetMs));
  child.kill('SIGUSR2');
}
