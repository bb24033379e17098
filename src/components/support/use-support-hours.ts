import { useEffect, useState } from 'react';
import type { SupportHoursAnswer } from '../../../contracts/support-hours-rules.ts';
import { apiFetch } from '../../lib/api-client.ts';

let shared: Promise<SupportHoursAnswer> | undefined;

/** The team's hours (GET /api/support/hours), read once per page however many islands show them; undefined while read, null when it failed. */
export function useSupportHours(): SupportHoursAnswer | null | undefined {
  const [answer, setAnswer] = useState<SupportHoursAnswer | null>();
  useEffect(() => {
    let live = true;
    shared ??= apiFetch<SupportHoursAnswer>('GET', '/api/support/hours');
    shared.then(
      (a) => live && setAnswer(a),
      () => {
        shared = undefined;
        if (live) setAnswer(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return answer;
}
