import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { FormField } from '../FormField.tsx';
import { input } from '../staff-styles.ts';
import { type Badge, badgeLabels, badgeOf, type EditedPlan, withBadge } from './catalog-lines.ts';
import { PlanLocationsField } from './PlanLocationsField.tsx';

interface PlanEditorProps {
  plan: EditedPlan;
  currency: string;
  /** The line's own locations (the plan's unless it has its own); unset: every location. */
  lineLocations: readonly string[] | undefined;
  /** Unique in the page, for the fields' ids. */
  idBase: string;
  position: number;
  count: number;
  errorOf: (field: string) => string | undefined;
  onChange: (plan: EditedPlan) => void;
  onMove: (by: -1 | 1) => void;
}

const badges = Object.keys(badgeLabels) as Badge[];

/** One plan of a line: name, price, badge, hidden, where it is sold, specs, and its place in the line. */
export function PlanEditor({ plan, currency, lineLocations, idBase, position, count, errorOf, onChange, onMove }: PlanEditorProps) {
  // The price as typed ("8." on the way to "8.99"); the document holds the number, or the text when it is none.
  const [price, setPrice] = useState(String(plan.price));
  const headingId = `${idBase}-heading`;
  return (
    <fieldset aria-labelledby={headingId} className="rounded-lg border border-white/10 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-white">
          {plan.name || plan.id}
          {plan.hidden ? <span className="ml-2 text-xs font-normal text-amber-200">(hidden)</span> : null}
        </h4>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" disabled={position === 0} onClick={() => onMove(-1)} aria-label={`Move ${plan.name} up`}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="ghost" size="sm" disabled={position === count - 1} onClick={() => onMove(1)} aria-label={`Move ${plan.name} down`}>
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <FormField id={`${idBase}-name`} label="Name" error={errorOf('name')}>
          <input className={input} value={plan.name} onChange={(e) => onChange({ ...plan, name: e.target.value })} />
        </FormField>
        <FormField id={`${idBase}-price`} label={`Price (${currency} a month)`} error={errorOf('price')}>
          <input
            className={input}
            inputMode="decimal"
            value={price}
            onChange={(e) => {
              setPrice(e.target.value);
              const n = Number(e.target.value);
              onChange({ ...plan, price: e.target.value.trim() !== '' && Number.isFinite(n) ? n : (e.target.value as unknown as number) });
            }}
          />
        </FormField>
        <FormField id={`${idBase}-badge`} label="Badge" error={errorOf('recommended') ?? errorOf('highlight')}>
          <select className={input} value={badgeOf(plan)} onChange={(e) => onChange(withBadge(plan, e.target.value as Badge))}>
            {badges.map((b) => (
              <option key={b} value={b}>
                {badgeLabels[b]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <label className="mt-3 flex items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" checked={plan.hidden === true} onChange={(e) => onChange({ ...plan, hidden: e.target.checked })} className="size-4" />
        Hidden (kept in the catalog, not sold)
      </label>
      <PlanLocationsField plan={plan} lineLocations={lineLocations} idBase={idBase} error={errorOf('locations')} onChange={onChange} />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-brand-300">Specs ({plan.specs.length})</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {plan.specs.map((spec, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: specs have no id and this editor never reorders them; the place is the spec.
            <FormField key={i} id={`${idBase}-spec-${i}`} label={`Spec ${i + 1}: ${spec.kind}`} error={errorOf(`specs.${i}.value`)}>
              <input
                className={input}
                value={spec.value}
                onChange={(e) => onChange({ ...plan, specs: plan.specs.map((s, j) => (j === i ? { ...s, value: e.target.value } : s)) })}
              />
            </FormField>
          ))}
        </div>
      </details>
    </fieldset>
  );
}
