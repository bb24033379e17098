import { ChevronRight, Download, File, FileText, Folder, FolderPlus, Link2, Pencil, RefreshCw, Trash2, Upload } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { maxUploadBytes } from '../../../contracts/panel-rules.ts';
import type { FileEntry } from '../../../contracts/panel.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import { formatBytes, formatDateTime } from '../../lib/panel-format.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FileEditor } from './FileEditor.tsx';
import { panelApi, panelLinks, type ServerPermissions } from './panel-api.ts';
import { PromptDialog } from './PromptDialog.tsx';
import { uploadFile } from './upload-file.ts';
import { runToolAction } from './tool-action.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';

const texts = panelTexts.files;

type Dialog = { kind: 'delete'; entry: FileEntry } | { kind: 'rename'; entry: FileEntry } | { kind: 'folder' } | undefined;

const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/**
 * The server's files: browse with breadcrumbs, open text files in the editor, upload with
 * progress, download, new folder, rename and delete (each asked on a native dialog). Binary
 * and large files are download-only. What the key may not do is not offered.
 */
export function FileManager({ permissions }: { permissions: ServerPermissions['files'] }) {
  const [folder, setFolder] = useState('');
  const [entries, setEntries] = useState<FileEntry[]>();
  const [loadError, setLoadError] = useState<string>();
  const [editing, setEditing] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>();
  const [dialogError, setDialogError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [upload, setUpload] = useState<{ name: string; sent: number; total: number }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  const load = useCallback(async (path: string) => {
    setLoadError(undefined);
    try {
      const list = await panelApi.listFiles(path);
      setEntries(list.entries);
      setFolder(list.path);
    } catch (error) {
      setLoadError(messageOf(error));
      setEntries([]);
    }
  }, []);

  useEffect(() => {
    void load('');
  }, [load]);

  const open = (path: string) => {
    setEntries(undefined);
    setFolder(path);
    void load(path);
  };

  const crumbs = folder ? folder.split('/') : [];

  const startUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxUploadBytes) {
      setStatus(texts.uploadFailed(file.name, texts.uploadTooLarge));
      return;
    }
    const target = join(folder, file.name);
    let announced = 0;
    setUpload({ name: file.name, sent: 0, total: file.size });
    setStatus(texts.uploadStep(file.name, 0));
    try {
      await uploadFile(target, file, (sent, total) => {
        setUpload({ name: file.name, sent, total });
        // Spoken every quarter, not at every event.
        const step = Math.floor((total ? sent / total : 1) * 4) * 25;
        if (step > announced) {
          announced = step;
          setStatus(texts.uploadStep(file.name, step));
        }
      });
      setStatus(texts.uploaded(file.name));
      await load(folder);
    } catch (error) {
      setStatus(texts.uploadFailed(file.name, messageOf(error)));
    } finally {
      setUpload(undefined);
    }
  };

  /** A name dialog opens without the error of the last one. */
  const openNameDialog = (next: Dialog) => {
    setDialogError(undefined);
    setDialog(next);
  };

  const submitDialog = async (value: string) => {
    if (!dialog || dialog.kind === 'delete') return;
    setBusy(true);
    setDialogError(undefined);
    try {
      if (dialog.kind === 'folder') {
        const path = join(folder, value);
        await panelApi.createFolder(path);
        setStatus(texts.created(value));
      } else {
        const to = join(folder, value);
        await panelApi.renameFile(dialog.entry.path, to);
        setStatus(texts.renamed(dialog.entry.name, value));
      }
      setDialog(undefined);
      await load(folder);
    } catch (error) {
      setDialogError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    const { entry } = dialog;
    setDialog(undefined);
    await runToolAction(
      async () => {
        await panelApi.deleteFile(entry.path);
        return texts.deleted(entry.name);
      },
      setStatus,
      () => load(folder),
    );
  };

  if (editing) {
    return (
      <FileEditor
        path={editing}
        canSave={permissions.write}
        onClose={(message) => {
          setEditing(undefined);
          if (message) setStatus(message);
          void load(folder);
        }}
      />
    );
  }

  const percent = upload?.total ? Math.floor((upload.sent / upload.total) * 100) : 0;

  return (
    <ToolFrame
      ids={ids}
      icon={Folder}
      title={texts.heading}
      testId="file-manager"
      actions={
        <div className="flex flex-wrap gap-2">
          {permissions.write && (
            <>
              <button type="button" className={buttonVariants({ variant: 'secondary', size: 'xs' })} onClick={() => openNameDialog({ kind: 'folder' })}>
                <FolderPlus aria-hidden className="size-4" /> {texts.newFolder}
              </button>
              <button
                type="button"
                className={buttonVariants({ variant: 'secondary', size: 'xs' })}
                disabled={upload !== undefined}
                onClick={() => fileInput.current?.click()}
              >
                <Upload aria-hidden className="size-4" /> {texts.upload}
              </button>
              <input ref={fileInput} type="file" hidden onChange={(e) => void startUpload(e)} data-testid="upload-input" aria-label={texts.upload} />
            </>
          )}
          <button type="button" className={buttonVariants({ variant: 'ghost', size: 'xs' })} onClick={() => void load(folder)}>
            <RefreshCw aria-hidden className="size-4" /> {texts.refresh}
          </button>
        </div>
      }
    >
      <nav aria-label={texts.breadcrumbs} className="overflow-x-auto border-b border-white/10 px-4 py-2 sm:px-5">
        <ol className="flex items-center gap-1 text-sm whitespace-nowrap">
          <li>
            {crumbs.length === 0 ? (
              <span aria-current="location" className="font-medium text-white">
                {texts.root}
              </span>
            ) : (
              <button type="button" onClick={() => open('')} className="rounded px-1 text-brand-300 hover:text-brand-200 hover:underline">
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
                  <button type="button" onClick={() => open(path)} className="rounded px-1 text-brand-300 hover:text-brand-200 hover:underline">
                    {name}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      {upload && (
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
      )}
      <ToolStatus testId="files-status">{status}</ToolStatus>
      {loadError && (
        <p role="alert" className="mx-4 mt-3 rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200 sm:mx-5">
          {loadError}
        </p>
      )}

      <div className="p-2 sm:p-3">
        {entries === undefined ? (
          <p className="px-2 py-4 text-sm text-slate-400">{texts.loading}</p>
        ) : entries.length === 0 && !loadError ? (
          <p className="px-2 py-4 text-sm text-slate-400">{texts.empty}</p>
        ) : (
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
                  onOpenFolder={() => open(entry.path)}
                  onEdit={() => setEditing(entry.path)}
                  onRename={() => openNameDialog({ kind: 'rename', entry })}
                  onDelete={() => setDialog({ kind: 'delete', entry })}
                />
              ))}
            </tbody>
          </table>
        )}
      </div>

      <PromptDialog
        open={dialog?.kind === 'folder' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? texts.prompts.renameTitle(dialog.entry.name) : texts.prompts.newFolderTitle}
        label={dialog?.kind === 'rename' ? texts.prompts.renameLabel : texts.prompts.newFolderLabel}
        hint={texts.prompts.nameHint}
        initialValue={dialog?.kind === 'rename' ? dialog.entry.name : ''}
        submitLabel={dialog?.kind === 'rename' ? texts.prompts.rename : texts.prompts.create}
        cancelLabel={texts.prompts.cancel}
        error={dialogError}
        busy={busy}
        onSubmit={(value) => void submitDialog(value)}
        onCancel={() => setDialog(undefined)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? texts.confirmDelete.title(dialog.entry.name) : ''}
        body={dialog?.kind === 'delete' && dialog.entry.type === 'directory' ? texts.confirmDelete.folder : texts.confirmDelete.file}
        confirmLabel={texts.confirmDelete.confirm}
        cancelLabel={texts.prompts.cancel}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(undefined)}
      />
    </ToolFrame>
  );
}

interface FileRowProps {
  entry: FileEntry;
  permissions: ServerPermissions['files'];
  onOpenFolder(): void;
  onEdit(): void;
  onRename(): void;
  onDelete(): void;
}

const iconButton = buttonVariants({ variant: 'ghost', size: 'icon' });

function FileRow({ entry, permissions, onOpenFolder, onEdit, onRename, onDelete }: FileRowProps) {
  const isFolder = entry.type === 'directory';
  const isFile = entry.type === 'file';
  const Icon = isFolder ? Folder : entry.type === 'symlink' ? Link2 : entry.editable ? FileText : File;
  const canOpen = isFile && entry.editable && permissions.read;
  const nameClasses = 'flex min-w-0 items-center gap-2 rounded px-1 py-1 text-left';
  return (
    <tr className="border-t border-white/5 hover:bg-white/[0.03]">
      <td className="px-2 py-1.5">
        {isFolder ? (
          <button type="button" onClick={onOpenFolder} aria-label={texts.openFolder(entry.name)} className={`${nameClasses} text-brand-200 hover:underline`}>
            <Icon aria-hidden className="size-4 shrink-0 text-accent-400" />
            <span className="truncate">{entry.name}</span>
          </button>
        ) : canOpen ? (
          <button type="button" onClick={onEdit} aria-label={texts.open(entry.name)} className={`${nameClasses} text-slate-100 hover:underline`}>
            <Icon aria-hidden className="size-4 shrink-0 text-slate-400" />
            <span className="truncate">{entry.name}</span>
          </button>
        ) : (
          <span className={`${nameClasses} text-slate-200`}>
            <Icon aria-hidden className="size-4 shrink-0 text-slate-500" />
            <span className="truncate">{entry.name}</span>
            {isFile && !entry.editable && (
              <span title={texts.binaryHint} className="shrink-0 rounded bg-white/5 px-1.5 text-[10px] text-slate-400 uppercase ring-1 ring-white/10">
                {texts.binary}
              </span>
            )}
          </span>
        )}
      </td>
      <td className="hidden px-2 py-1.5 text-slate-400 tabular-nums sm:table-cell">{isFolder ? texts.folder : formatBytes(entry.size)}</td>
      <td className="hidden px-2 py-1.5 whitespace-nowrap text-slate-400 md:table-cell">{formatDateTime(entry.modifiedAt)}</td>
      <td className="px-2 py-1.5">
        <div className="flex justify-end gap-0.5">
          {isFile && permissions.read && (
            <a
              href={panelLinks.file(entry.path)}
              download={entry.name}
              aria-label={texts.download(entry.name)}
              title={texts.download(entry.name)}
              className={iconButton}
            >
              <Download aria-hidden className="size-4" />
            </a>
          )}
          {permissions.rename && (
            <button type="button" onClick={onRename} aria-label={texts.rename(entry.name)} title={texts.rename(entry.name)} className={iconButton}>
              <Pencil aria-hidden className="size-4" />
            </button>
          )}
          {permissions.delete && (
            <button type="button" onClick={onDelete} aria-label={texts.remove(entry.name)} title={texts.remove(entry.name)} className={iconButton}>
              <Trash2 aria-hidden className="size-4" />
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
