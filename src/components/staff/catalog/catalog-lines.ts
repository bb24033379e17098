/**
 * The plan lines of a catalog document as the Catalog section edits them. The document comes
 * from the content schemas (src/data/plans.ts) and may hold fields this editor does not know:
 * every change copies the objects it touches and keeps the rest as it was.
 */
export interface EditedPlan {
  id: string;
  name: string;
  price: number;
  specs: { kind: string; value: string }[];
  highlight?: boolean;
  recommended?: boolean;
  hidden?: boolean;
  [field: string]: unknown;
}

export interface EditedLine {
  id: string;
  name: string;
  currency: string;
  plans: EditedPlan[];
  [field: string]: unknown;
}

export type Badge = 'none' | 'highlight' | 'recommended';

export const badgeLabels: Record<Badge, string> = { none: 'No badge', highlight: 'Most Popular', recommended: 'Recommended' };

export function badgeOf(plan: EditedPlan): Badge {
  return plan.recommended ? 'recommended' : plan.highlight ? 'highlight' : 'none';
}

export function withBadge(plan: EditedPlan, badge: Badge): EditedPlan {
  return { ...plan, highlight: badge === 'highlight', recommended: badge === 'recommended' };
}

export function linesOf(document: Record<string, unknown>): EditedLine[] {
  return Array.isArray(document.plans) ? (document.plans as EditedLine[]) : [];
}

/** The document with one plan of one line replaced. */
export function withPlan(document: Record<string, unknown>, lineIndex: number, planIndex: number, plan: EditedPlan): Record<string, unknown> {
  const lines = linesOf(document).map((line, i) => (i === lineIndex ? { ...line, plans: line.plans.map((p, j) => (j === planIndex ? plan : p)) } : line));
  return { ...document, plans: lines };
}

/** The document with one line's own fields replaced (its plans as they are in `line`). */
export function withLine(document: Record<string, unknown>, lineIndex: number, line: EditedLine): Record<string, unknown> {
  return { ...document, plans: linesOf(document).map((l, i) => (i === lineIndex ? line : l)) };
}

/** The document with a line's plan moved one place up (-1) or down (+1). */
export function withPlanMoved(document: Record<string, unknown>, lineIndex: number, planIndex: number, by: -1 | 1): Record<string, unknown> {
  const lines = linesOf(document).map((line, i) => {
    if (i !== lineIndex) return line;
    const plans = [...line.plans];
    const target = planIndex + by;
    if (target < 0 || target >= plans.length) return line;
    [plans[planIndex], plans[target]] = [plans[target]!, plans[planIndex]!];
    return { ...line, plans };
  });
  return { ...document, plans: lines };
}

/** The server's field message for a plan's field (`plans.3.plans.1.price`), if any. */
export function planFieldError(fields: Readonly<Record<string, string>>, lineIndex: number, planIndex: number, field: string): string | undefined {
  const prefix = `plans.${lineIndex}.plans.${planIndex}.${field}`;
  const key = Object.keys(fields).find((k) => k === prefix || k.startsWith(`${prefix}.`));
  return key ? fields[key] : undefined;
}
