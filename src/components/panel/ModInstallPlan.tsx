import { Download } from 'lucide-react';
import { modrinthTexts } from '../../data/panel-modrinth.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import type { InstallPlan } from './modrinth-api.ts';

const texts = modrinthTexts;

/** A project chosen in the search: its plan once read, the dependencies ticked, an install under way. */
export type PlanState = { projectId: string; plan?: InstallPlan; chosen: Set<string>; installing?: boolean };

/**
 * The install of one project found in the search: its fitting version, its required dependencies
 * (each ticked, and can be unticked), then install or cancel.
 */
export function ModInstallPlan({
  title,
  plan,
  onToggle,
  onInstall,
  onCancel,
}: {
  title: string;
  plan: PlanState;
  onToggle: (projectId: string, on: boolean) => void;
  onInstall: () => void;
  onCancel: () => void;
}) {
  return (
    <section aria-label={texts.search.install(title)} className="mt-2 rounded-lg border border-white/10 bg-white/5 p-3 text-sm" data-testid="mods-plan">
      {!plan.plan ? (
        <p className="text-slate-300">{texts.plan.reading}</p>
      ) : (
        <>
          <p className="text-slate-200">{texts.plan.version(plan.plan.version.versionNumber, plan.plan.version.fileName)}</p>
          {plan.plan.dependencies.length > 0 && (
            <fieldset className="mt-2">
              <legend className="text-slate-300">{texts.plan.required}</legend>
              {plan.plan.dependencies.map((d) => (
                <label key={d.projectId} className="mt-1 flex items-center gap-2 text-slate-200">
                  <input
                    type="checkbox"
                    checked={plan.chosen.has(d.projectId)}
                    onChange={(e) => onToggle(d.projectId, e.target.checked)}
                    className="size-4 accent-brand-500"
                  />
                  {d.title} {d.version.versionNumber}
                </label>
              ))}
            </fieldset>
          )}
          <div className="mt-3 flex gap-2">
            <button type="button" disabled={plan.installing} onClick={onInstall} className={buttonVariants({ size: 'xs' })}>
              <Download aria-hidden className="size-4" /> {plan.installing ? texts.plan.installing : texts.plan.confirm}
            </button>
            <button type="button" disabled={plan.installing} onClick={onCancel} className={buttonVariants({ variant: 'ghost', size: 'xs' })}>
              {texts.plan.cancel}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
