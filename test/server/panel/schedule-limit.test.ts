import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduleInput } from '../../../contracts/panel.ts';
import { maxSchedulesPerServer } from '../../../contracts/schedule-rules.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { HttpError } from '../../../server/lib/http-error.ts';
import { LocalSchedules } from '../../../server/panel/schedules/local-schedules.ts';
import { SessionCrypto } from '../../../server/panel/session-crypto.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';

/**
 * A server's 20 schedules are a limit concurrent creates cannot pass (docs/decisions.md 67): on
 * PostgreSQL from two app instances at once (two pools), on SQLite from one instance's
 * concurrent requests. Each engine is the one the app uses, on a real database.
 */

const input: ScheduleInput = {
  name: 'Concurrent',
  timetable: { minute: '0', hour: '4', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
  timeZone: 'UTC',
  enabled: true,
  onlyWhenOnline: false,
  tasks: [{ kind: 'command', delaySeconds: 0, command: 'say hi' }],
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function enginesOn(dialect: (typeof dialects)[number], instances: number): Promise<{ engines: LocalSchedules[]; database: TestDatabase }> {
  const database = await createTestDatabase(dialect, { migrated: true });
  cleanups.push(() => database.drop());
  const crypto = new SessionCrypto('schedule-limit-test-secret-0123456789abcdef');
  const engines: LocalSchedules[] = [];
  for (let i = 0; i < instances; i++) {
    const handle = openDatabase(database.url);
    cleanups.push(() => handle.db.destroy());
    engines.push(new LocalSchedules({ db: handle.db, dialect: handle.dialect, crypto, now: () => Date.parse('2026-03-10T03:00:00Z'), kick: () => {} }));
  }
  return { engines, database };
}

describe.each(dialects)('the schedule limit on %s', (dialect) => {
  it(`never ends with more than ${maxSchedulesPerServer} schedules, however many creates come at once`, async () => {
    const { engines } = await enginesOn(dialect, dialect === 'postgres' ? 2 : 1);
    const credentials = { serverId: 'busy-mc', key: 'key-of-busy-mc' };
    // 2.5 times the limit, all at once, spread over the instances; a second server beside it.
    const creates = Array.from({ length: 50 }, (_, i) => engines[i % engines.length]!.create(credentials, { ...input, name: `Concurrent ${i}` }));
    const other = engines[0]!.create({ serverId: 'quiet-mc', key: 'key-of-quiet-mc' }, input);
    const results = await Promise.allSettled(creates);
    await other;

    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as HttpError);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(maxSchedulesPerServer);
    expect(refused).toHaveLength(50 - maxSchedulesPerServer);
    for (const error of refused) {
      expect(error).toBeInstanceOf(HttpError);
      expect([error.statusCode, error.code]).toEqual([409, 'schedule_limit']);
    }
    for (const engine of engines) expect((await engine.list(credentials)).schedules).toHaveLength(maxSchedulesPerServer);
    expect((await engines[0]!.list({ serverId: 'quiet-mc', key: 'key-of-quiet-mc' })).schedules).toHaveLength(1);

    // At the limit, one deleted makes room for exactly one more.
    const [first] = (await engines[0]!.list(credentials)).schedules;
    await engines[0]!.remove(credentials, first!.id);
    const again = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => engines[i % engines.length]!.create(credentials, input)));
    expect(again.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await engines[0]!.list(credentials)).schedules).toHaveLength(maxSchedulesPerServer);
  });
});
