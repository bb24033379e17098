import { Download, File, FileText, Folder, Link2, Pencil, Trash2 } from 'lucide-react';
import type { FileEntry } from '../../../contracts/panel.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { formatBytes, formatDateTime } from '../../lib/panel-format.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { panelLinks, type ServerPermissions } from './panel-api.ts';

const texts = panelTexts.files;

interface FileRowProps {
  entry: FileEntry;
  permissions: ServerPermissions['files'];
  onOpenFolder(): void;
  onEdit(): void;
  onRename(): void;
  onDelete(): void;
}

const iconButton = buttonVariants({ variant: 'ghost', size: 'icon' });

/** One entry of the file manager's table: open (a folder or a text file), download, rename, delete. */
export function FileRow({ entry, permissions, onOpenFolder, onEdit, onRename, onDelete }: FileRowProps) {
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
