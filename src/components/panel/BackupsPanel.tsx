import { Archive, Download, Lock, LockOpen, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { maxBackupNameLength } from '../../../contracts/panel-rules.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import { formatBytes, formatDateTime } from '../../lib/panel-format.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { panelApi, panelLinks, type Backup, type ServerPermissions } from './panel-api.ts';
import { backupLabels } from './backup-labels.ts';
import { runToolAction } from './tool-action.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';
import { usePolledList } from './use-polled-list.ts';

const texts = panelTexts.backups;
/** While a backup is being made or restored, the list is read again this often. */
const pollMs = 2000;

type Question = { kind: 'restore' | 'delete'; backup: Backup } | undefined;

const stateStyles: Record<Backup['state'], string> = {
  creating: 'bg-yellow-500/15 text-yellow-200',
  ready: 'bg-green-500/15 text-green-200',
  failed: 'bg-red-500/15 text-red-200',
};

/**
 * The server's backups: the plan's limit and how much of it is used, create with a name (off
 * at the limit, saying why), download, restore (asked first: the server is stopped and started
 * again), lock or unlock, delete (asked first). The list is polled while a backup is being made
 * or restored, and what changed is said in a live region.
 */
export function BackupsPanel({ permissions }: { permissions: ServerPermissions['backups'] }) {
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string>();
  const [status, setStatus] = useState('');
  const [question, setQuestion] = useState<Question>();
  /** A restore was started here: the next list without it running ends it (a small folder is restored before the first look). */
  const restoreAwaited = useRef(false);
  /** Backups this page started, announced once they are ready or failed. */
  const createdHere = useRef(new Set<string>());
  const ids = useId();

  const { list, loadError, load } = usePolledList({
    read: () => panelApi.listBackups(),
    busyOf: (l) => l.restoring || l.backups.some((b) => b.state === 'creating'),
    pollMs,
    // Say what finished since the last look.
    observe: (next, before) => {
      for (const backup of next.backups) {
        // Made here (it may be complete by the first look), or seen being made.
        const watched = createdHere.current.has(backup.id) || before?.backups.find((b) => b.id === backup.id)?.state === 'creating';
        if (!watched || backup.state === 'creating') continue;
        createdHere.current.delete(backup.id);
        setStatus(backup.state === 'ready' ? texts.ready(backup.name) : texts.failedNow(backup.name));
      }
      // A restore this page started (or saw running) is over: say how it went.
      if ((restoreAwaited.current || before?.restoring) && !next.restoring) {
        restoreAwaited.current = false;
        setStatus(next.restoreFailure ?? texts.restoreDone);
      }
    },
  });
  // Each backup's name in its buttons' accessible names, unique when two share a name.
  const labels = backupLabels(list?.backups ?? []);

  const atLimit = list !== undefined && list.limit > 0 && list.count >= list.limit;
  const notIncluded = list !== undefined && list.limit === 0;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (creating || atLimit) return;
    setCreating(true);
    setCreateError(undefined);
    try {
      const backup = await panelApi.createBackup(name.trim());
      createdHere.current.add(backup.id);
      setName('');
      setStatus(texts.started(backup.name));
      await load();
    } catch (error) {
      setCreateError(messageOf(error));
    } finally {
      setCreating(false);
    }
  };

  const answer = async () => {
    if (!question) return;
    const { kind, backup } = question;
    setQuestion(undefined);
    await runToolAction(
      async () => {
        if (kind === 'delete') {
          await panelApi.deleteBackup(backup.id);
          return texts.deleted(backup.name);
        }
        await panelApi.restoreBackup(backup.id);
        restoreAwaited.current = true;
        return texts.restoreStarted(backup.name);
      },
      setStatus,
      load,
    );
  };

  const toggleLock = (backup: Backup) =>
    runToolAction(
      async () => {
        await panelApi.lockBackup(backup.id, !backup.locked);
        return undefined;
      },
      setStatus,
      load,
    );

  return (
    <ToolFrame
      ids={ids}
      icon={Archive}
      title={texts.heading}
      testId="backups"
      actions={
        list &&
        !notIncluded && (
          <p className="text-sm text-slate-300 tabular-nums" data-testid="backup-usage">
            {texts.usage(list.count, list.limit)}
          </p>
        )
      }
    >
      {permissions.create && list && !notIncluded && (
        <form onSubmit={(e) => void create(e)} className="flex flex-col gap-2 border-b border-white/10 px-4 py-3 sm:flex-row sm:items-end sm:px-5" noValidate>
          <div className="min-w-0 flex-1">
            <label htmlFor={`${ids}-name`} className="block text-sm font-medium text-slate-200">
              {texts.name}
            </label>
            <input
              id={`${ids}-name`}
              type="text"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={maxBackupNameLength}
              placeholder={texts.namePlaceholder}
              disabled={atLimit}
              aria-describedby={atLimit ? `${ids}-limit` : createError ? `${ids}-error` : undefined}
              className="mt-1.5 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60"
            />
          </div>
          <button
            type="submit"
            disabled={atLimit || creating || list.restoring}
            aria-describedby={atLimit ? `${ids}-limit` : undefined}
            className={buttonVariants({ size: 'md' })}
          >
            <Archive aria-hidden className="size-4" /> {creating ? texts.creating : texts.create}
          </button>
        </form>
      )}
      {atLimit && (
        <p id={`${ids}-limit`} className="border-b border-white/10 px-4 py-2 text-sm text-yellow-200 sm:px-5">
          {texts.atLimit(list.limit)}
        </p>
      )}
      {createError && (
        <p id={`${ids}-error`} role="alert" className="mx-4 mt-3 rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200 sm:mx-5">
          {createError}
        </p>
      )}
      {list?.restoring && (
        <p className="mx-4 mt-3 rounded-lg border border-yellow-400/30 bg-yellow-500/10 px-3 py-2 text-sm text-yellow-100 sm:mx-5">{texts.restoring}</p>
      )}
      <ToolStatus testId="backups-status">{status}</ToolStatus>
      {loadError && (
        <p role="alert" className="mx-4 mt-3 text-sm text-red-300 sm:mx-5">
          {loadError}
        </p>
      )}

      <div className="p-2 sm:p-3">
        {notIncluded ? (
          <p className="px-2 py-4 text-sm text-slate-400">{texts.notIncluded}</p>
        ) : list && list.backups.length === 0 ? (
          <p className="px-2 py-4 text-sm text-slate-400">{texts.none}</p>
        ) : (
          list && (
            <ul className="divide-y divide-white/5" aria-label={texts.heading}>
              {list.backups.map((backup) => {
                const label = labels.get(backup.id) ?? backup.name;
                return (
                  <li key={backup.id} className="flex flex-col gap-2 px-2 py-3 sm:flex-row sm:items-center sm:justify-between">
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
                        <a
                          href={panelLinks.backup(backup.id)}
                          download
                          aria-label={texts.download(label)}
                          className={buttonVariants({ variant: 'secondary', size: 'xs' })}
                        >
                          <Download aria-hidden className="size-4" /> {texts.actions.download}
                        </a>
                      )}
                      {permissions.restore && backup.state === 'ready' && (
                        <button
                          type="button"
                          disabled={list.restoring}
                          onClick={() => setQuestion({ kind: 'restore', backup })}
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
                            onClick={() => void toggleLock(backup)}
                            aria-label={texts.lock(label)}
                            title={texts.lockHint}
                            className={buttonVariants({ variant: backup.locked ? 'primary' : 'ghost', size: 'xs' })}
                          >
                            {backup.locked ? <Lock aria-hidden className="size-4" /> : <LockOpen aria-hidden className="size-4" />} {texts.actions.lock}
                          </button>
                          <button
                            type="button"
                            disabled={backup.locked || list.restoring}
                            onClick={() => setQuestion({ kind: 'delete', backup })}
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
              })}
            </ul>
          )
        )}
      </div>

      <ConfirmDialog
        open={question !== undefined}
        title={
          question
            ? (question.kind === 'restore' ? texts.confirmRestore.title : texts.confirmDelete.title)(labels.get(question.backup.id) ?? question.backup.name)
            : ''
        }
        body={question?.kind === 'restore' ? texts.confirmRestore.body : texts.confirmDelete.body}
        confirmLabel={question?.kind === 'restore' ? texts.confirmRestore.confirm : texts.confirmDelete.confirm}
        cancelLabel={panelTexts.files.prompts.cancel}
        destructive
        onConfirm={() => void answer()}
        onCancel={() => setQuestion(undefined)}
      />
    </ToolFrame>
  );
}
