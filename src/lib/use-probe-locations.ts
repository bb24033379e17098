import { useEffect, useState } from 'react';
import type { LocationStatus, LocationsReport } from '../../contracts/probe-locations.ts';
import { apiFetch } from './api-client.ts';

/** How often the board asks which locations report (an agent that stops shows within this). */
const everyMs = 10_000;

/**
 * The probe locations and whether each reports (GET /api/status/locations, docs/decisions.md 48),
 * starting from what the report said and read again every 10 s while the page is open.
 */
export function useProbeLocations(initial: readonly LocationStatus[] | undefined): readonly LocationStatus[] {
  const [locations, setLocations] = useState<readonly LocationStatus[]>(initial ?? []);
  useEffect(() => {
    if (initial) setLocations(initial);
  }, [initial]);
  useEffect(() => {
    const read = () =>
      apiFetch<LocationsReport>('GET', '/api/status/locations').then(
        (r) => setLocations(r.locations),
        () => {},
      );
    const timer = setInterval(read, everyMs);
    return () => clearInterval(timer);
  }, []);
  return locations;
}
