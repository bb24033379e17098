import { ChevronRight } from 'lucide-react';
import type { FileEntry } from '../../../contracts/panel.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { formatBytes } from '../../lib/panel-format.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FileRow } from './FileRow.tsx';
import type { ServerPermissions } from './panel-api.ts';
import { PromptDialog } from './PromptDialog.tsx';
import type { UploadState } from './use-file-upload.ts';

const texts = panelTexts.files;

/** The file manager's open dialog: a new folder's name, an entry's new name, or a delete to confirm. */
export type Dialog = { kind: 'delete'; entry: FileEntry } | { kind: 'rename'; entry: FileEntry } | { kind: 'folder' } | undefined;

/** The folder shown, as breadcrumbs from the server's root: each folder above it opens it. */
export function FileBreadcrumbs({ folder, onOpen }: { folder: string; onOpen: (path: string) => void }) {
  const crumbs = folder ? folder.split('/') : [];
  return (
    <nav aria-label={texts.breadcrumbs} className="overflow-x-auto border-b border-white/10 px-4 py-2 sm:px-5">
      <ol className="flex items-center gap-1 text-sm whitespace-nowrap">
        <li>
          {crumbs.length === 0 ? (
            <span aria-current="location" className="font-medium text-white">
              {texts.root}
            </span>
          ) : (
            <button type="button" onClick={() => onOpen('')} className="rounded px-1 text-brand-300 hover:text-brand-200 hover:underline">
              {texts.root}
            </button>
          )}
        </li>
        {crumbs.map((name, index) => {
          const path = crumbs.slice(0, index + 1).join('/');
          const last = index === crumbs.length - 1;
          return (
            <li key={path} className="flex items-center gap-1">
              <ChevronRight aria-hidden className="size-3.5 text-slate-500" />
              {last ? (
                <span aria-current="location" className="font-medium text-white">
                  {name}
                </span>
              ) : (
                <button type="button" onClick={() => onOpen(path)} className="rounded px-1 text-brand-300 hover:text-brand-200 hover:underline">
                  {name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The upload under way: its name, bytes sent of all, and a progress bar. */
export function UploadProgress({ ids, upload }: { ids: string; upload: UploadState }) {
  const percent = upload.total ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <div className="border-b border-white/10 px-4 py-3 sm:px-5">
      <label htmlFor={`${ids}-progress`} className="flex justify-between text-xs text-slate-300">
        <span>{texts.uploadProgress(upload.name)}</span>
        <span className="tabular-nums">
          {formatBytes(upload.sent)} / {formatBytes(upload.total)}
        </span>
      </label>
      <progress id={`${ids}-progress`} max={100} value={percent} className="mt-1.5 h-2 w-full accent-brand-500" data-testid="upload-progress">
        {percent}%
      </progress>
    </div>
  );
}

interface FileTableProps {
  folder: string;
  entries: FileEntry[];
  permissions: ServerPermissions['files'];
  onOpenFolder(path: string): void;
  onEdit(path: string): void;
  onRename(entry: FileEntry): void;
  onDelete(entry: FileEntry): void;
}

/** The folder's entries as a table: name, size, modified, and what may be done with each. */
export function FileTable({ folder, entries, permissions, onOpenFolder, onEdit, onRename, onDelete }: FileTableProps) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{`${texts.heading}: ${folder || texts.root}`}</caption>
      <thead className="text-xs text-slate-400">
        <tr>
          <th scope="col" className="px-2 py-2 font-medium">
            {texts.name}
          </th>
          <th scope="col" className="hidden w-24 px-2 py-2 font-medium sm:table-cell">
            {texts.size}
          </th>
          <th scope="col" className="hidden w-48 px-2 py-2 font-medium md:table-cell">
            {texts.modified}
          </th>
          <th scope="col" className="w-28 px-2 py-2 text-right font-medium sm:w-32">
            <span className="sr-only">{texts.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <FileRow
            key={entry.path}
            entry={entry}
            permissions={permissions}
            onOpenFolder={() => onOpenFolder(entry.path)}
            onEdit={() => onEdit(entry.path)}
            onRename={() => onRename(entry)}
            onDelete={() => onDelete(entry)}
          />
        ))}
      </tbody>
    </table>
  );
}

interface FileDialogsProps {
  dialog: Dialog;
  error: string | undefined;
  busy: boolean;
  onSubmit(value: string): void;
  onConfirmDelete(): void;
  onCancel(): void;
}

/** The file manager's dialogs: a name asked for (new folder, rename) and a delete confirmed. */
export function FileDialogs({ dialog, error, busy, onSubmit, onConfirmDelete, onCancel }: FileDialogsProps) {
  return (
    <>
      <PromptDialog
        open={dialog?.kind === 'folder' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? texts.prompts.renameTitle(dialog.entry.name) : texts.prompts.newFolderTitle}
        label={dialog?.kind === 'rename' ? texts.prompts.renameLabel : texts.prompts.newFolderLabel}
        hint={texts.prompts.nameHint}
        initialValue={dialog?.kind === 'rename' ? dialog.entry.name : ''}
        submitLabel={dialog?.kind === 'rename' ? texts.prompts.rename : texts.prompts.create}
        cancelLabel={texts.prompts.cancel}
        error={error}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? texts.confirmDelete.title(dialog.entry.name) : ''}
        body={dialog?.kind === 'delete' && dialog.entry.type === 'directory' ? texts.confirmDelete.folder : texts.confirmDelete.file}
        confirmLabel={texts.confirmDelete.confirm}
        cancelLabel={texts.prompts.cancel}
        destructive
        onConfirm={onConfirmDelete}
        onCancel={onCancel}
      />
    </>
  );
}
