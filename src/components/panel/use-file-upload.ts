import { type ChangeEvent, useState } from 'react';
import { maxUploadBytes } from '../../../contracts/panel-rules.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import { uploadFile } from './upload-file.ts';

const texts = panelTexts.files;

export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

export interface UploadState {
  name: string;
  sent: number;
  total: number;
}

/** The file manager's upload: one file at a time into the folder shown, its progress, and what is said of it (every quarter). */
export function useFileUpload(folder: string, setStatus: (status: string) => void, reload: () => Promise<void>) {
  const [upload, setUpload] = useState<UploadState>();
  const startUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > maxUploadBytes) {
      setStatus(texts.uploadFailed(file.name, texts.uploadTooLarge));
      return;
    }
    const target = joinPath(folder, file.name);
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
      await reload();
    } catch (error) {
      setStatus(texts.uploadFailed(file.name, messageOf(error)));
    } finally {
      setUpload(undefined);
    }
  };

  return { upload, startUpload };
}
