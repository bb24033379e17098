import { ArrowUpCircle, Trash2 } from 'lucide-react';
import { modrinthTexts } from '../../data/panel-modrinth.ts';
import { formatDateTime } from '../../lib/panel-format.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ModIcon } from './ModIcon.tsx';
import type { InstalledAnswer } from './modrinth-api.ts';

const texts = modrinthTexts.installed;

/** What this tool installed on the server: version, file, an update when one fits, Update and Remove in one click. */
export function InstalledMods({
  list,
  canWrite,
  canDelete,
  onUpdate,
  onRemove,
}: {
  list: InstalledAnswer | undefined;
  canWrite: boolean;
  canDelete: boolean;
  onUpdate: (projectId: string) => Promise<void>;
  onRemove: (projectId: string) => Promise<void>;
}) {
  return (
    <section aria-labelledby="mods-installed-heading" className="border-b border-white/10 px-4 py-3 sm:px-5" data-testid="mods-installed">
      <h3 id="mods-installed-heading" className="text-sm font-semibold text-white">
        {texts.heading}
      </h3>
      {list?.updatesNote && <p className="mt-2 text-sm text-yellow-200">{list.updatesNote}</p>}
      {list && list.projects.length === 0 && <p className="mt-2 text-sm text-slate-400">{texts.none}</p>}
      {list && list.projects.length > 0 && (
        <ul className="mt-2 divide-y divide-white/5">
          {list.projects.map((project) => (
            <li key={project.projectId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-center gap-3">
                <ModIcon url={project.iconUrl} />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-white">{project.title}</span>
                    <span className="rounded bg-white/5 px-1.5 py-0.5 text-xs text-slate-300 ring-1 ring-white/10">{project.versionNumber}</span>
                    {project.update ? (
                      <span className="rounded bg-yellow-500/15 px-1.5 py-0.5 text-xs text-yellow-200">{texts.updateTo(project.update.versionNumber)}</span>
                    ) : (
                      <span className="rounded bg-green-500/15 px-1.5 py-0.5 text-xs text-green-200">{texts.upToDate}</span>
                    )}
                    {!project.present && <span className="rounded bg-red-500/15 px-1.5 py-0.5 text-xs text-red-200">{texts.missing}</span>}
                  </p>
                  <p className="mt-0.5 break-all text-xs text-slate-400">
                    {project.path} · {formatDateTime(project.installedAt)}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-1.5">
                {canWrite && project.update && (
                  <button
                    type="button"
                    onClick={() => void onUpdate(project.projectId)}
                    aria-label={texts.update(project.title, project.update.versionNumber)}
                    className={buttonVariants({ variant: 'primary', size: 'xs' })}
                  >
                    <ArrowUpCircle aria-hidden className="size-4" /> {texts.updateShort}
                  </button>
                )}
                {canDelete && (
                  <button
                    type="button"
                    onClick={() => void onRemove(project.projectId)}
                    aria-label={texts.remove(project.title)}
                    className={buttonVariants({ variant: 'destructive', size: 'xs' })}
                  >
                    <Trash2 aria-hidden className="size-4" /> {texts.removeShort}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
