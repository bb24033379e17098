import { Archive } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { BackupCreateForm } from './BackupCreateForm.tsx';
import { BackupRow } from './BackupRow.tsx';
import { panelApi, type Backup, type ServerPermissions } from './panel-api.ts';
import { backupLabels } from './backup-labels.ts';
import { runToolAction } from './tool-action.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';
import { useBackupList } from './use-backup-list.ts';

const texts = panelTexts.backups;

type Question = { kind: 'restore' | 'delete'; backup: Backup } | undefined;

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
  const ids = useId();

  const { list, loadError, load, restoreAwaited, createdHere } = useBackupList(setStatus);
  // Each backup's name in its buttons' accessible names, unique when two share a name.
  const labels = backupLabels(list?.backups ?? []);

  const atLimit = list !== undefined && list.limit > 0 && list.count >= list.limit;
  const notIncluded = list !== undefined && list.limit === 0;
  const asked = question?.kind === 'restore' ? texts.confirmRestore : texts.confirmDelete;

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
        <BackupCreateForm
          ids={ids}
          name={name}
          onNameChange={setName}
          atLimit={atLimit}
          creating={creating}
          restoring={list.restoring}
          hasError={createError !== undefined}
          onSubmit={(e) => void create(e)}
        />
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
              {list.backups.map((backup) => (
                <BackupRow
                  key={backup.id}
                  backup={backup}
                  label={labels.get(backup.id) ?? backup.name}
                  permissions={permissions}
                  restoring={list.restoring}
                  onRestore={() => setQuestion({ kind: 'restore', backup })}
                  onToggleLock={() => void toggleLock(backup)}
                  onDelete={() => setQuestion({ kind: 'delete', backup })}
                />
              ))}
            </ul>
          )
        )}
      </div>

      <ConfirmDialog
        open={question !== undefined}
        title={question ? asked.title(labels.get(question.backup.id) ?? question.backup.name) : ''}
        body={asked.body}
        confirmLabel={asked.confirm}
        cancelLabel={panelTexts.files.prompts.cancel}
        destructive
        onConfirm={() => void answer()}
        onCancel={() => setQuestion(undefined)}
      />
    </ToolFrame>
  );
}
