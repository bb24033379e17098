import { muted } from './staff-styles.ts';

/** Checkboxes of the board's monitors, in a fieldset with its error: which monitors something affects. */
export function MonitorChoice({
  id,
  legend,
  monitors,
  chosen,
  onChange,
  error,
  hint,
}: {
  id: string;
  legend: string;
  monitors: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
  hint?: string;
}) {
  const toggle = (monitorId: string, on: boolean) => onChange(on ? [...chosen, monitorId] : chosen.filter((c) => c !== monitorId));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-200">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {monitors.length === 0 ? (
        <p className={muted}>There are no monitors.</p>
      ) : (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {monitors.map((m) => (
            <label key={m.id} className="inline-flex items-center gap-2 text-sm text-slate-200">
              <input type="checkbox" className="size-4 accent-brand-500" checked={chosen.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
              {m.name}
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          Monitors: {error}
        </p>
      ) : null}
    </fieldset>
  );
}
