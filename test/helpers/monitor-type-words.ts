import { monitorTypes } from '../../server/status/monitor-types/index.ts';

/**
 * "must be tcp, http, minecraft or …": the message for a type that is not registered names every
 * registered type (server/status/monitor-types/index.ts), the three first ones first, so a new
 * type changes no test of the message.
 */
export function unknownTypeWords(): string {
  const names = monitorTypes.map((t) => t.type);
  if (names.slice(0, 3).join(' ') !== 'tcp http minecraft') throw new Error(`the first types are no longer tcp, http, minecraft: ${names.join(', ')}`);
  return `must be ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
