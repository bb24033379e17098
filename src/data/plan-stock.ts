import type { StockCatalog, StockCatalogPlan } from '../../contracts/stock-rules.ts';
import { locations } from './locations.ts';
import { type Plan, type PlanLine, planLines } from './plans.ts';

/**
 * What stock needs of the catalogue (docs/decisions.md 101): each plan's size on a node, the
 * locations it is sold at and where its stock comes from, with the defaults that keep today's
 * data valid.
 */

/** MiB in a "N GB" / "N TB" / "N MB" spec value, or null. */
function mebibytesIn(value: string | undefined): number | null {
  const m = value && /^(\d+(?:\.\d+)?)\s*(MB|GB|TB)\b/i.exec(value);
  if (!m) return null;
  const unit = m[2]!.toUpperCase();
  return Math.round(Number(m[1]) * (unit === 'TB' ? 1024 * 1024 : unit === 'GB' ? 1024 : 1));
}

/** A plan's memory and disk on a node, in MiB: its own figures, else read from its RAM and disk specs. */
export function capacityOf(plan: Pick<Plan, 'specs' | 'memoryMb' | 'diskMb'>): { memoryMb: number | null; diskMb: number | null } {
  const spec = (kind: string) => plan.specs.find((s) => s.kind === kind)?.value;
  return { memoryMb: plan.memoryMb ?? mebibytesIn(spec('ram')), diskMb: plan.diskMb ?? mebibytesIn(spec('disk')) };
}

/** The location ids a plan is sold at: its own, else its line's, else every location. */
export function locationsOf(line: Pick<PlanLine, 'locations'>, plan: Pick<Plan, 'locations'>): string[] {
  return plan.locations ?? line.locations ?? locations.map((l) => l.id);
}

/** Where a line's stock comes from: its own word, else the game panel's room for the lines the game panel provisions. */
export function stockSourceOf(line: Pick<PlanLine, 'stockSource' | 'group'>): 'capacity' | 'manual' {
  return line.stockSource ?? (line.group === 'minecraft' || line.group === 'bot' ? 'capacity' : 'manual');
}

/** The catalogue the server counts stock for, published by the build at stockCatalogPath. */
export function stockCatalog(lines: readonly PlanLine[] = planLines): StockCatalog {
  const known = new Set(locations.map((l) => l.id));
  const plans: StockCatalogPlan[] = lines.flatMap((line) =>
    line.plans.map((plan) => {
      const sold = locationsOf(line, plan);
      const unknown = sold.find((id) => !known.has(id));
      if (unknown) throw new Error(`Content error in plans: ${line.id}.${plan.id} is sold at "${unknown}", which src/data/locations.ts does not have`);
      return {
        line: line.id,
        plan: plan.id,
        name: `${line.name} ${plan.name}`,
        route: line.route,
        ...capacityOf(plan),
        locations: sold,
        source: stockSourceOf(line),
      };
    }),
  );
  return { locations: locations.map((l) => ({ id: l.id, name: l.name })), plans };
}
