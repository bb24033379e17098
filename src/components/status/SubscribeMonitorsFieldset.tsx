import type { SubscriptionFieldErrors } from '../../../contracts/subscriptions-rules.ts';
import type { SubscriptionsCopy } from '../../data/subscriptions.ts';
import type { SubscriptionOptions } from '../subscriptions/subscriptions-api.ts';
import { choiceClass, radioClass } from './subscribe-form-classes.ts';

/** The subscribe form's monitors: every one, or the chosen ones (SubscribeForm.tsx). */
export function SubscribeMonitorsFieldset({
  id,
  copy,
  options,
  scope,
  setScope,
  chosen,
  setChosen,
  errors,
}: {
  id: string;
  copy: SubscriptionsCopy['form'];
  options: SubscriptionOptions | null;
  scope: 'all' | 'chosen';
  setScope: (scope: 'all' | 'chosen') => void;
  chosen: string[];
  setChosen: (update: (list: string[]) => string[]) => void;
  errors: SubscriptionFieldErrors;
}) {
  return (
    <fieldset aria-describedby={errors.monitorIds ? `${id}-monitors-error` : undefined}>
      <legend className="text-sm font-medium text-slate-200">{copy.monitorsLegend}</legend>
      <div className="mt-2 space-y-2">
        <label className={choiceClass}>
          <input type="radio" name="scope" value="all" className={radioClass} checked={scope === 'all'} onChange={() => setScope('all')} />
          {copy.allMonitors}
        </label>
        <label className={choiceClass}>
          <input
            type="radio"
            name="scope"
            value="chosen"
            className={radioClass}
            checked={scope === 'chosen'}
            disabled={!options?.monitors.length}
            onChange={() => setScope('chosen')}
          />
          {copy.chosenMonitors}
        </label>
      </div>
      {scope === 'chosen' && options && (
        <ul className="mt-3 grid gap-2 rounded-lg bg-surface-950/50 p-3 ring-1 ring-white/10 sm:grid-cols-2">
          {options.monitors.map((monitor) => (
            <li key={monitor.id}>
              <label className={choiceClass}>
                <input
                  type="checkbox"
                  name="monitorIds"
                  value={monitor.id}
                  className="size-4 accent-brand-500"
                  checked={chosen.includes(monitor.id)}
                  onChange={(e) => setChosen((list) => (e.target.checked ? [...list, monitor.id] : list.filter((m) => m !== monitor.id)))}
                />
                {monitor.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {errors.monitorIds && (
        <p id={`${id}-monitors-error`} className="mt-2 text-xs text-red-300">
          {errors.monitorIds}
        </p>
      )}
    </fieldset>
  );
}
