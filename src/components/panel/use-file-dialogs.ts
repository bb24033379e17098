import { useState } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import type { Dialog } from './FileManagerParts.tsx';
import { panelApi } from './panel-api.ts';
import { runToolAction } from './tool-action.ts';
import { joinPath as join } from './use-file-upload.ts';

const texts = panelTexts.files;

/** The file manager's dialogs and what they do: make a folder, rename an entry, delete one (then the folder is read again). */
export function useFileDialogs(folder: string, setStatus: (status: string) => void, reload: () => Promise<void>) {
  const [dialog, setDialog] = useState<Dialog>();
  const [dialogError, setDialogError] = useState<string>();
  const [busy, setBusy] = useState(false);

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
      await reload();
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
      reload,
    );
  };

  return { dialog, setDialog, dialogError, busy, openNameDialog, submitDialog, confirmDelete };
}
