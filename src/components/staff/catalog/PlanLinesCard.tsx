import { useState } from 'react';
import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { CardSection } from '../CardSection.tsx';
import { input, label } from '../staff-styles.ts';
import { fieldAt } from './catalog-fields.ts';
import { type EditedLine, linesOf, planFieldError, withLine, withPlan, withPlanMoved } from './catalog-lines.ts';
import { LineEditor } from './LineEditor.tsx';
import { PlanEditor } from './PlanEditor.tsx';

interface PlanLinesCardProps {
  document: CatalogDocument;
  fields: Readonly<Record<string, string>>;
  generation: number;
  onChange: (document: CatalogDocument) => void;
  /** The line on show, so the preview opens its page. */
  onLine: (line: EditedLine | undefined) => void;
}

/** The product lines, one at a time: the line's own fields, then its plans in their order. */
export function PlanLinesCard({ document, fields, generation, onChange, onLine }: PlanLinesCardProps) {
  const [lineIndex, setLineIndex] = useState(0);
  const lines = linesOf(document);
  const line = lines[lineIndex];
  return (
    <CardSection id="catalog-plans" title="Product lines and plans">
      <div className="mt-3 max-w-sm">
        <label htmlFor="catalog-line" className={label}>
          Product line
        </label>
        <select
          id="catalog-line"
          className={input}
          value={lineIndex}
          onChange={(e) => {
            setLineIndex(Number(e.target.value));
            onLine(lines[Number(e.target.value)]);
          }}
        >
          {lines.map((l, i) => (
            <option key={l.id} value={i}>
              {l.name} ({l.plans.length} plans, {l.currency})
            </option>
          ))}
        </select>
      </div>
      {line ? (
        <>
          <LineEditor
            key={`${generation}-${line.id}`}
            line={line}
            errorOf={(field) => fieldAt(fields, `plans.${lineIndex}.${field}`)}
            onChange={(next) => onChange(withLine(document, lineIndex, next))}
          />
          <div className="mt-4 space-y-4">
            {line.plans.map((plan, j) => (
              <PlanEditor
                key={`${generation}-${line.id}-${plan.id}`}
                plan={plan}
                currency={line.currency}
                lineLocations={Array.isArray(line.locations) ? (line.locations as string[]) : undefined}
                idBase={`catalog-${line.id}-${plan.id}`}
                position={j}
                count={line.plans.length}
                errorOf={(field) => planFieldError(fields, lineIndex, j, field)}
                onChange={(next) => onChange(withPlan(document, lineIndex, j, next))}
                onMove={(by) => onChange(withPlanMoved(document, lineIndex, j, by))}
              />
            ))}
          </div>
        </>
      ) : null}
    </CardSection>
  );
}
