import { Folder, FolderPlus, RefreshCw, Upload } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FileEntry } from '../../../contracts/panel.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { FileEditor } from './FileEditor.tsx';
import { FileBreadcrumbs, FileDialogs, FileTable, UploadProgress } from './FileManagerParts.tsx';
import { panelApi, type ServerPermissions } from './panel-api.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';
import { useFileDialogs } from './use-file-dialogs.ts';
import { useFileUpload } from './use-file-upload.ts';

const texts = panelTexts.files;

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
  const [status, setStatus] = useState('');
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

  const { upload, startUpload } = useFileUpload(folder, setStatus, () => load(folder));

  const open = (path: string) => {
    setEntries(undefined);
    setFolder(path);
    void load(path);
  };

  const { dialog, setDialog, dialogError, busy, openNameDialog, submitDialog, confirmDelete } = useFileDialogs(folder, setStatus, () => load(folder));

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
      <FileBreadcrumbs folder={folder} onOpen={open} />

      {upload && <UploadProgress ids={ids} upload={upload} />}
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
          <FileTable
            folder={folder}
            entries={entries}
            permissions={permissions}
            onOpenFolder={open}
            onEdit={setEditing}
            onRename={(entry) => openNameDialog({ kind: 'rename', entry })}
            onDelete={(entry) => setDialog({ kind: 'delete', entry })}
          />
        )}
      </div>

      <FileDialogs
        dialog={dialog}
        error={dialogError}
        busy={busy}
        onSubmit={(value) => void submitDialog(value)}
        onConfirmDelete={() => void confirmDelete()}
        onCancel={() => setDialog(undefined)}
      />
    </ToolFrame>
  );
}
