import { describe, expect, it } from 'vitest';
import { backupLabels } from '../../src/components/panel/backup-labels.ts';

const format = (iso: string | number) => String(iso).slice(0, 16).replace('T', ' ');

describe("backups' names in their buttons", () => {
  it('is the name alone when it is the only one so named', () => {
    const labels = backupLabels(
      [
        { id: 'a', name: 'Before the update', createdAt: '2026-11-28T10:00:00Z' },
        { id: 'b', name: 'Nightly', createdAt: '2026-11-28T11:00:00Z' },
      ],
      format,
    );
    expect([...labels.values()]).toEqual(['Before the update', 'Nightly']);
  });

  it('adds the time it was made when two share a name, and their place when that is shared too', () => {
    const labels = backupLabels(
      [
        { id: 'a', name: 'Nightly', createdAt: '2026-11-27T03:00:00Z' },
        { id: 'b', name: 'Nightly', createdAt: '2026-11-28T03:00:10Z' },
        { id: 'c', name: 'Nightly', createdAt: '2026-11-28T03:00:40Z' },
        { id: 'd', name: 'Other', createdAt: '2026-11-28T03:00:40Z' },
      ],
      format,
    );
    expect(Object.fromEntries(labels)).toEqual({
      a: 'Nightly, made 2026-11-27 03:00',
      b: 'Nightly, made 2026-11-28 03:00 (1 of 2)',
      c: 'Nightly, made 2026-11-28 03:00 (2 of 2)',
      d: 'Other',
    });
    expect(new Set(labels.values()).size).toBe(4);
  });
});
