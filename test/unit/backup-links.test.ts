import { describe, expect, it } from 'vitest';
import { linkLeavesFolder } from '../../server/panel/local/backup-archive.ts';

describe('links in a backup archive', () => {
  it('tells links leading outside the folder from those inside it', () => {
    expect(linkLeavesFolder('./escape', '/etc')).toBe(true);
    expect(linkLeavesFolder('./a/link', '../../outside')).toBe(true);
    expect(linkLeavesFolder('./link', '..')).toBe(true);
    expect(linkLeavesFolder('./a/link', '../b/file')).toBe(false);
    expect(linkLeavesFolder('./a/link', 'file')).toBe(false);
    expect(linkLeavesFolder('./a/b/link', '../../c')).toBe(false);
    // A hard link's target is a path in the archive, from its root.
    expect(linkLeavesFolder('./a/b/hard', './a/file', true)).toBe(false);
    expect(linkLeavesFolder('./a/hard', '../file', true)).toBe(true);
  });
});
