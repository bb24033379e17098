import { Puzzle, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { type ContentKind, gameVersionPattern, kindsFor, type ServerSoftware } from '../../../contracts/modrinth-rules.ts';
import { modrinthTexts } from '../../data/panel-modrinth.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { InstalledMods } from './InstalledMods.tsx';
import { ModSearch } from './ModSearch.tsx';
import { ModServerFields } from './ModServerFields.tsx';
import { modrinthApi, type ChangeAnswer, type InstalledAnswer, type ModrinthContext, type ServerTarget } from './modrinth-api.ts';
import { panelApi } from './panel-api.ts';
import { ToolFrame, ToolStatus } from './ToolFrame.tsx';

const texts = modrinthTexts;

/**
 * The "Mods & plugins" tool (docs/decisions.md 106–109): the server's software and version as
 * detected (the customer may correct them), what this tool installed with its updates, and a
 * search of Modrinth for what fits. Every change is said in the status line, with a restart
 * offered when the server runs.
 */
export function ModsPanel({ canWrite, canDelete }: { canWrite: boolean; canDelete: boolean }) {
  const ids = useId();
  const [context, setContext] = useState<ModrinthContext>();
  const [software, setSoftware] = useState<ServerSoftware | ''>('');
  const [version, setVersion] = useState('');
  const [kind, setKind] = useState<ContentKind>('plugin');
  const [installed, setInstalled] = useState<InstalledAnswer>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string>();
  const [restart, setRestart] = useState(false);

  useEffect(() => {
    modrinthApi.context().then(
      (answer) => {
        setContext(answer);
        const detected = answer.software ?? '';
        setSoftware(detected);
        setVersion(answer.gameVersion ?? '');
        if (detected) setKind(kindsFor(detected)[0]!);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, []);

  const target: ServerTarget | undefined = software && gameVersionPattern.test(version) ? { software, version } : undefined;
  const key = target ? `${target.software} ${target.version}` : '';

  const loadInstalled = useCallback(async () => {
    if (!software || !gameVersionPattern.test(version)) return setInstalled(undefined);
    try {
      setInstalled(await modrinthApi.installed({ software, version }));
    } catch (e) {
      setError(messageOf(e));
    }
  }, [software, version]);

  useEffect(() => void loadInstalled(), [loadInstalled]);

  /** Runs a change, says what it did, and reads the list again. */
  const change = async (run: () => Promise<ChangeAnswer>) => {
    setError(undefined);
    setStatus(texts.working);
    try {
      const answer = await run();
      setStatus(answer.message);
      setRestart(answer.restartSuggested);
    } catch (e) {
      setStatus('');
      setError(messageOf(e));
    }
    await loadInstalled();
  };

  const restartNow = async () => {
    setRestart(false);
    try {
      await panelApi.power('restart');
      setStatus(texts.restarting);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const chooseSoftware = (value: ServerSoftware | '') => {
    setSoftware(value);
    if (value && !kindsFor(value).includes(kind)) setKind(kindsFor(value)[0]!);
  };

  return (
    <ToolFrame ids={ids} icon={Puzzle} title={texts.heading} testId="mods">
      {!context && !error && <p className="px-4 py-3 text-sm text-slate-400 sm:px-5">{texts.loading}</p>}
      {context && (
        <ModServerFields
          ids={ids}
          context={context}
          software={software}
          version={version}
          kind={kind}
          onSoftware={chooseSoftware}
          onVersion={setVersion}
          onKind={setKind}
        />
      )}
      <ToolStatus testId="mods-status">{status}</ToolStatus>
      {restart && (
        <p className="px-4 pt-2 sm:px-5">
          <button type="button" onClick={() => void restartNow()} className={buttonVariants({ variant: 'secondary', size: 'xs' })}>
            <RotateCw aria-hidden className="size-4" /> {texts.restart}
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="mx-4 mt-3 rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200 sm:mx-5" data-testid="mods-error">
          {error}
        </p>
      )}
      {context && !target && <p className="px-4 py-3 text-sm text-yellow-200 sm:px-5">{texts.server.needBoth}</p>}
      {target && (
        <>
          <InstalledMods
            list={installed}
            canWrite={canWrite}
            canDelete={canDelete}
            onUpdate={(projectId) => change(() => modrinthApi.update(target, projectId))}
            onRemove={(projectId) => change(() => modrinthApi.remove(projectId))}
          />
          {canWrite && (
            <ModSearch
              key={`${key} ${kind}`}
              target={target}
              kind={kind}
              installedIds={new Set(installed?.projects.map((p) => p.projectId))}
              onInstall={(projectId, versionId, dependencies) => change(() => modrinthApi.install(target, kind, projectId, versionId, dependencies))}
              onError={setError}
            />
          )}
        </>
      )}
    </ToolFrame>
  );
}
