import type { CatalogVersionSummary } from '../../../../contracts/catalog.ts';
import { Button } from '../../ui/Button.tsx';
import { CardSection } from '../CardSection.tsx';
import { formatDateTime } from '../format.ts';
import { badge, badgeTones, muted } from '../staff-styles.ts';

interface Props {
  versions: readonly CatalogVersionSummary[];
  publishedId: number;
  busy: boolean;
  onRestore: (id: number) => void;
}

/** Every version with who wrote and published it, when, and what changed; any earlier one can be restored. */
export function CatalogVersions({ versions, publishedId, busy, onRestore }: Props) {
  return (
    <CardSection id="catalog-versions" title="Versions">
      <ol className="mt-3 divide-y divide-white/10">
        {versions.map((v) => (
          <li key={v.id} className="py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-white">
                <span className="font-semibold">Version {v.id}</span>{' '}
                <span className={`${badge} ${v.state === 'published' ? badgeTones.good : badgeTones.neutral}`}>
                  {v.state === 'published' ? 'Published' : 'Draft'}
                </span>
                {v.id === publishedId ? <span className={`${badge} ${badgeTones.brand} ml-1`}>Live</span> : null}
                <span className={`${muted} block`}>
                  {v.state === 'published' && v.publishedAt !== null
                    ? `Published by ${v.publishedBy ?? v.author}, ${formatDateTime(v.publishedAt)}`
                    : `Saved by ${v.author}, ${formatDateTime(v.updatedAt)}`}
                  {v.basedOn > 0 || v.state === 'published' ? ` · from version ${v.basedOn}` : ''}
                </span>
              </p>
              {v.state === 'published' && v.id !== publishedId ? (
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRestore(v.id)}>
                  Restore version {v.id}
                </Button>
              ) : null}
            </div>
            {v.changes.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-300">
                {v.changes.slice(0, 5).map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {v.changes.length > 5 ? <li>and {v.changes.length - 5} more</li> : null}
              </ul>
            ) : null}
          </li>
        ))}
        <li className="flex flex-wrap items-center justify-between gap-2 py-3">
          <p className="text-sm text-white">
            <span className="font-semibold">Version 0</span> <span className={muted}>the content files, as installed</span>
            {publishedId === 0 ? <span className={`${badge} ${badgeTones.brand} ml-1`}>Live</span> : null}
          </p>
          {publishedId !== 0 ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRestore(0)}>
              Restore version 0
            </Button>
          ) : null}
        </li>
      </ol>
    </CardSection>
  );
}
