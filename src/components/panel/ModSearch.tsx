import { Download, Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ContentKind } from '../../../contracts/modrinth-rules.ts';
import { modrinthTexts } from '../../data/panel-modrinth.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ModIcon } from './ModIcon.tsx';
import { ModInstallPlan, type PlanState } from './ModInstallPlan.tsx';
import { modrinthApi, type SearchAnswer, type ServerTarget } from './modrinth-api.ts';

const texts = modrinthTexts;
const dateOnly = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * A search of Modrinth for what fits the server (the server narrows it to the loaders and the
 * version), and for a chosen project its fitting version with its required dependencies, each
 * ticked, before it is installed.
 */
export function ModSearch({
  target,
  kind,
  installedIds,
  onInstall,
  onError,
}: {
  target: ServerTarget;
  kind: ContentKind;
  installedIds: ReadonlySet<string>;
  onInstall: (projectId: string, versionId: string, dependencies: string[]) => Promise<void>;
  onError: (message: string) => void;
}) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<SearchAnswer>();
  const [searching, setSearching] = useState(false);
  const [plan, setPlan] = useState<PlanState>();

  const run = async (q: string, offset: number) => {
    setSearching(true);
    try {
      const next = await modrinthApi.search(target, kind, q, offset);
      setAnswer((current) => (offset > 0 && current ? { ...next, hits: [...current.hits, ...next.hits] } : next));
    } catch (error) {
      onError(messageOf(error));
    } finally {
      setSearching(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies(run): the first page when the tool opens; the parent remounts this for another server or kind.
  useEffect(() => void run('', 0), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPlan(undefined);
    void run(query.trim(), 0);
  };

  const open = async (projectId: string) => {
    setPlan({ projectId, chosen: new Set() });
    try {
      const found = await modrinthApi.plan(target, kind, projectId);
      setPlan({ projectId, plan: found, chosen: new Set(found.dependencies.map((d) => d.projectId)) });
    } catch (error) {
      setPlan(undefined);
      onError(messageOf(error));
    }
  };

  const install = async () => {
    if (!plan?.plan) return;
    setPlan({ ...plan, installing: true });
    await onInstall(plan.plan.projectId, plan.plan.version.versionId, [...plan.chosen]);
    setPlan(undefined);
  };

  const toggle = (projectId: string, on: boolean) => {
    if (!plan) return;
    const chosen = new Set(plan.chosen);
    if (on) chosen.add(projectId);
    else chosen.delete(projectId);
    setPlan({ ...plan, chosen });
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="px-4 py-3 sm:px-5" data-testid="mods-search">
      <h3 id={`${ids}-heading`} className="text-sm font-semibold text-white">
        {texts.search.heading}
      </h3>
      <form onSubmit={submit} className="mt-2 flex gap-2">
        <label htmlFor={`${ids}-q`} className="sr-only">
          {texts.search.label}
        </label>
        <input
          id={`${ids}-q`}
          type="search"
          value={query}
          maxLength={100}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={texts.search.placeholder}
          className="block w-full min-w-0 rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        <button type="submit" disabled={searching} className={buttonVariants({ size: 'md' })}>
          <Search aria-hidden className="size-4" /> {texts.search.submit}
        </button>
      </form>
      <p className="mt-2 text-xs text-slate-400" aria-live="polite">
        {searching ? texts.search.searching : answer ? (answer.total === 0 ? texts.search.none : texts.search.results(answer.total)) : ''}
      </p>
      {answer && answer.hits.length > 0 && (
        <ul className="mt-1 divide-y divide-white/5" aria-label={texts.search.heading}>
          {answer.hits.map((hit) => {
            const installed = installedIds.has(hit.projectId);
            const open_ = plan?.projectId === hit.projectId;
            return (
              <li key={hit.projectId} className="py-3">
                <div className="flex gap-3">
                  <ModIcon url={hit.iconUrl} />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-medium text-white">{hit.title}</span>
                      <span className="text-xs text-slate-400">{texts.search.by(hit.author)}</span>
                    </p>
                    <p className="mt-0.5 text-sm text-slate-300">{hit.description}</p>
                    <p className="mt-0.5 text-xs text-slate-400 tabular-nums">
                      {texts.search.downloads(hit.downloads)} · {texts.search.updated(dateOnly(hit.updatedAt))}
                    </p>
                  </div>
                  <div className="shrink-0">
                    {installed ? (
                      <span className="rounded bg-green-500/15 px-1.5 py-0.5 text-xs text-green-200">{texts.search.installed}</span>
                    ) : (
                      <button
                        type="button"
                        disabled={open_}
                        onClick={() => void open(hit.projectId)}
                        aria-label={texts.search.install(hit.title)}
                        className={buttonVariants({ variant: 'secondary', size: 'xs' })}
                      >
                        <Download aria-hidden className="size-4" /> {texts.search.installShort}
                      </button>
                    )}
                  </div>
                </div>
                {open_ && (
                  <ModInstallPlan title={hit.title} plan={plan} onToggle={toggle} onInstall={() => void install()} onCancel={() => setPlan(undefined)} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {answer && answer.hits.length < answer.total && (
        <button
          type="button"
          disabled={searching}
          onClick={() => void run(query.trim(), answer.hits.length)}
          className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'mt-2' })}
        >
          {texts.search.more}
        </button>
      )}
    </section>
  );
}
