import { heldStartAbandoned } from './cgroups/held-start.ts';

/** Exit codes of a clean stop: 0, and 143 (128 + SIGTERM). */
const cleanExitCodes = new Set([0, 143]);

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGTERM: 15 };

/** How a local server's run ended, as local-server.ts knows it. */
export interface RunEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error | undefined;
  /** The run could not be put in its cgroup: the program never ran. */
  placementFailure: string | undefined;
  outOfMemory: boolean;
  memoryLimitMiB: number;
  killed: boolean;
  /** Stop or kill asked for this exit. */
  exitExpected: boolean;
}

/** The console's line for the end of a run, and whether it is worth a warning in the log (an unexpected crash, the kernel's memory limit). */
export function exitMessage(end: RunEnd): { line: string; warn?: 'memory' | 'crash' } {
  const { code, signal, error } = end;
  const exitCode = code ?? (signal ? 128 + (signalNumbers[signal] ?? 0) : null);
  if (error) return { line: `Could not start: ${error.message}` };
  if (end.placementFailure && exitCode === heldStartAbandoned) return { line: `Could not start: ${end.placementFailure}.` };
  if (end.outOfMemory) return { line: `Memory limit reached (${end.memoryLimitMiB} MiB): the kernel stopped the server.`, warn: 'memory' };
  if (end.killed) return { line: 'Server killed.' };
  if (exitCode !== null && cleanExitCodes.has(exitCode)) return { line: `Server stopped (exit code ${exitCode}).` };
  if (end.exitExpected && signal === 'SIGKILL') return { line: 'Server stopped by SIGKILL.' };
  return { line: `Server crashed: exit code ${exitCode ?? 'unknown'}${signal ? ` (${signal})` : ''}.`, warn: 'crash' };
}
