import { locations } from '../../../data/locations.ts';
import { fieldError, muted } from '../staff-styles.ts';
import type { EditedPlan } from './catalog-lines.ts';

interface PlanLocationsFieldProps {
  plan: EditedPlan;
  /** The line's own locations, which the plan is sold at unless it says otherwise; unset: every location. */
  lineLocations: readonly string[] | undefined;
  idBase: string;
  /** The server's message for the plan's locations (or one of them), if any. */
  error: string | undefined;
  onChange: (plan: EditedPlan) => void;
}

/**
 * Where a plan is sold (docs/decisions.md 159): a box for each location the site knows
 * (src/data/locations.ts), ticked where it is sold now. Choosing exactly the line's locations
 * leaves the plan following its line; anything else is the plan's own list, in the site's order.
 * Unticking them all is sent as it is, so the server's message says why it cannot be.
 */
export function PlanLocationsField({ plan, lineLocations, idBase, error, onChange }: PlanLocationsFieldProps) {
  const own = Array.isArray(plan.locations) ? (plan.locations as string[]) : undefined;
  const inherited = lineLocations ?? locations.map((l) => l.id);
  const chosen = own ?? inherited;
  const set = (id: string, on: boolean) => {
    const next = locations.map((l) => l.id).filter((l) => (l === id ? on : chosen.includes(l)));
    const { locations: _unset, ...rest } = plan;
    onChange(next.join() === inherited.join() ? (rest as EditedPlan) : { ...plan, locations: next });
  };
  const hintId = `${idBase}-locations-hint`;
  const errorId = `${idBase}-locations-error`;
  return (
    <fieldset className="mt-3" aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-slate-200">Sold at</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {locations.map((location) => (
          <label key={location.id} className="flex items-center gap-2 py-1 text-sm text-slate-200">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.includes(location.id)}
              aria-invalid={error ? true : undefined}
              onChange={(e) => set(location.id, e.target.checked)}
            />
            {location.name}
          </label>
        ))}
      </div>
      <p id={hintId} className={`${muted} mt-1 text-xs`}>
        {own ? 'Chosen for this plan.' : 'As its line.'} The plan page's location picker offers these; stock is counted at each.
      </p>
      {error ? (
        <p id={errorId} className={fieldError}>
          Sold at: {error}
        </p>
      ) : null}
    </fieldset>
  );
}
