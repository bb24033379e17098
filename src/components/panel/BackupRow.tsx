import { Download, Lock, LockOpen, RotateCcw, Trash2 } from 'lucide-react';
import { panelTexts } from '../../data/panel-texts.ts';
import { formatBytes, formatDateTime } from '../../lib/panel-format.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { panelLinks, type Backup, type ServerPermissions } from './panel-api.ts';

const texts = panelTexts.backups;

const stateStyles: Record<Backup['state'], string> = {
  creating: 'bg-yellow-500/15 text-yellow-200',
  ready: 'bg-green-500/15 text-green-200',
  failed: 'bg-red-500/15 text-red-200',
};

/**
 * One backup in the list: its name, state, lock, date and size, and the buttons the member's
 * permissions allow. `label` is the name used in the buttons' accessible names (unique in the list).
 */
export function BackupRow({
  backup,
  label,
  permissions,
  restoring,
  onRestore,
  onToggleLock,
  onDelete,
}: {
  backup: Backup;
  label: string;
  permissions: ServerPermissions['backups'];
  restoring: boolean;
  onRestore: () => void;
  onToggleLock: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 px-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-white">{backup.name}</span>
          <span className={`rounded px-1.5 py-0.5 text-xs ${stateStyles[backup.state]}`}>{texts.states[backup.state]}</span>
          {backup.locked && (
            <span className="inline-flex items-center gap-1 rounded bg-white/5 px-1.5 py-0.5 text-xs text-slate-300 ring-1 ring-white/10">
              <Lock aria-hidden className="size-3" /> {texts.locked}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-400 tabular-nums">
          {formatDateTime(backup.createdAt)}
          {backup.state === 'ready' && ` · ${formatBytes(backup.size)}`}
        </p>
        {backup.failure && <p className="mt-1 text-xs text-red-300">{backup.failure}</p>}
      </div>
      <div className="flex flex-wrap gap-1.5">
        {permissions.download && backup.state === 'ready' && (
          <a href={panelLinks.backup(backup.id)} download aria-label={texts.download(label)} className={buttonVariants({ variant: 'secondary', size: 'xs' })}>
            <Download aria-hidden className="size-4" /> {texts.actions.download}
          </a>
        )}
        {permissions.restore && backup.state === 'ready' && (
          <button
            type="button"
            disabled={restoring}
            onClick={onRestore}
            aria-label={texts.restore(label)}
            className={buttonVariants({ variant: 'secondary', size: 'xs' })}
          >
            <RotateCcw aria-hidden className="size-4" /> {texts.actions.restore}
          </button>
        )}
        {permissions.delete && backup.state !== 'creating' && (
          <>
            <button
              type="button"
              aria-pressed={backup.locked}
              onClick={onToggleLock}
              aria-label={texts.lock(label)}
              title={texts.lockHint}
              className={buttonVariants({ variant: backup.locked ? 'primary' : 'ghost', size: 'xs' })}
            >
              {backup.locked ? <Lock aria-hidden className="size-4" /> : <LockOpen aria-hidden className="size-4" />} {texts.actions.lock}
            </button>
            <button
              type="button"
              disabled={backup.locked || restoring}
              onClick={onDelete}
              aria-label={texts.remove(label)}
              title={backup.locked ? texts.lockHint : undefined}
              className={buttonVariants({ variant: 'destructive', size: 'xs' })}
            >
              <Trash2 aria-hidden className="size-4" /> {texts.actions.delete}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
