import { formatDateTime } from '../../lib/panel-format.ts';

/**
 * What each backup is called in its buttons' accessible names ("Delete …", "Restore …"): its
 * name, and when another backup has the same name, the time it was made too; when even that is
 * shared (two in one minute), its place among them. Two buttons never share a name, so a screen
 * reader's list of buttons tells them apart.
 */
export function backupLabels(backups: readonly { id: string; name: string; createdAt: string }[], format = formatDateTime): Map<string, string> {
  const count = (key: (b: (typeof backups)[number]) => string) => {
    const seen = new Map<string, number>();
    for (const b of backups) seen.set(key(b), (seen.get(key(b)) ?? 0) + 1);
    return seen;
  };
  const byName = count((b) => b.name);
  const dated = (b: (typeof backups)[number]) => (byName.get(b.name)! > 1 ? `${b.name}, made ${format(b.createdAt)}` : b.name);
  const byDated = count(dated);
  const place = new Map<string, number>();
  const out = new Map<string, string>();
  for (const b of backups) {
    const label = dated(b);
    const total = byDated.get(label)!;
    if (total === 1) out.set(b.id, label);
    else {
      const n = (place.get(label) ?? 0) + 1;
      place.set(label, n);
      out.set(b.id, `${label} (${n} of ${total})`);
    }
  }
  return out;
}
