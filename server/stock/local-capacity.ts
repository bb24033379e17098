import { statfs } from 'node:fs/promises';
import os from 'node:os';
import type { CapacitySource } from './capacity-source.ts';

export interface LocalCapacityOptions {
  /** The folder of the game servers' folders: its file system's free space is the disk. */
  serversDir: string;
  /** STOCK_LOCAL_MEMORY_MB / STOCK_LOCAL_DISK_MB: the most this machine gives new servers, below what is free. */
  memoryLimitMb: number | undefined;
  diskLimitMb: number | undefined;
  /** The locations this machine serves (STOCK_LOCAL_LOCATIONS; every location when unset). */
  locations: readonly string[] | undefined;
}

const mib = 1024 * 1024;

/**
 * Capacity of this machine, for the local driver (docs/decisions.md 101): its available memory
 * and the free disk of the game servers' folder, each capped by the configured limit, against
 * the plans' sizes. The machine counts for the locations it serves; the others have none.
 */
export function localCapacity(options: LocalCapacityOptions): CapacitySource {
  return {
    name: 'local',
    async read(locationIds) {
      const disk = await statfs(options.serversDir);
      const freeMemory = Math.floor(os.freemem() / mib);
      const freeDisk = Math.floor((Number(disk.bavail) * Number(disk.bsize)) / mib);
      const memory = Math.min(freeMemory, options.memoryLimitMb ?? Number.POSITIVE_INFINITY);
      const diskMb = Math.min(freeDisk, options.diskLimitMb ?? Number.POSITIVE_INFINITY);
      const detail = `this machine: ${memory} MiB memory and ${diskMb} MiB disk to give`;
      const served = new Set(options.locations ?? locationIds);
      return new Map(
        locationIds.map((id) => [
          id,
          served.has(id)
            ? {
                detail,
                fits: (m: number, d: number, cap: number) =>
                  Math.max(0, Math.min(cap, m > 0 ? Math.floor(memory / m) : cap, d > 0 ? Math.floor(diskMb / d) : cap)),
              }
            : { detail: 'not served by this machine', fits: () => 0 },
        ]),
      );
    },
  };
}
