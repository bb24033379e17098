import type { LocalServerConfig } from '../server/panel/local/servers-file.ts';

/** A local server that never runs, for the benchmarks of its files and backups: only its folder matters. */
export function benchServer(id: string, cwd: string, keyHash: string): LocalServerConfig {
  return {
    id,
    name: 'Benchmark',
    description: '',
    command: 'node',
    args: ['-e', ''],
    cwd,
    env: {},
    limits: { memory: 0, disk: 0, cpu: 0 },
    readyPattern: /never/,
    stopCommand: 'stop',
    stopTimeoutSeconds: 5,
    autostart: false,
    keyHash,
  };
}
