/**
 * Where capacity is read (docs/decisions.md 101): the game panel's nodes per location, or this
 * machine. A round asks once per location, then counts every plan against the answer.
 */

/** What one location can take: count how many servers of a size fit. */
export interface LocationCapacity {
  /** Servers of the size that still fit (capped at `cap`). */
  fits(memoryMb: number, diskMb: number, cap: number): number;
  /** For the console: what was read ("2 nodes: 3.1 GiB and 40 GiB free at most"). */
  detail: string;
}

export interface CapacitySource {
  readonly name: 'panel' | 'local';
  /** Each location's capacity; a location missing from the answer has none (sold out), an error fails the round. */
  read(locationIds: readonly string[]): Promise<Map<string, LocationCapacity>>;
}

/** Counts above this are all "In stock": nobody needs to know a location has room for 4,000 more. */
export const countCap = 1000;
