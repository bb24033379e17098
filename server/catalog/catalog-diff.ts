import { type CatalogDocument, catalogParts } from '../../contracts/catalog.ts';

/** How each part of the document is named in a change line; the plan lines name themselves. */
const partLabels: Record<string, string | undefined> = catalogParts;

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasIds = (list: Json[]): list is Record<string, Json>[] => list.length > 0 && list.every((item) => isObject(item) && typeof item.id === 'string');
const nameOf = (item: Record<string, Json>): string => String(item.name ?? item.question ?? item.id);

/** A value as a change line shows it: text in quotes, a list of specs by their values. */
function shown(value: Json): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 59)}…` : value}"`;
  if (Array.isArray(value))
    return `[${value.map((v) => (isObject(v) && 'value' in v ? String(v.value) : typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}]`;
  if (isObject(value)) return JSON.stringify(value).slice(0, 80);
  return String(value);
}

function walk(before: Json, after: Json, where: string[], currency: string | undefined, out: string[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const at = where.join(' › ');
  if (Array.isArray(before) && Array.isArray(after) && hasIds(before) && hasIds(after)) {
    const old = new Map(before.map((item) => [item.id as string, item]));
    const now = new Map(after.map((item) => [item.id as string, item]));
    for (const item of after) if (!old.has(item.id as string)) out.push(`${at ? `${at} › ` : ''}added ${nameOf(item)}`);
    for (const item of before) if (!now.has(item.id as string)) out.push(`${at ? `${at} › ` : ''}removed ${nameOf(item)}`);
    const kept = (list: Record<string, Json>[], other: Map<string, Json>) => list.filter((i) => other.has(i.id as string)).map((i) => i.id as string);
    const [was, is] = [kept(before, now), kept(after, old)];
    if (was.join() !== is.join()) out.push(`${at ? `${at} ` : ''}order ${was.join(', ')} → ${is.join(', ')}`);
    for (const item of after) {
      const previous = old.get(item.id as string);
      if (previous !== undefined) walk(previous, item, [...where, nameOf(item)], currency, out);
    }
    return;
  }
  if (isObject(before) && isObject(after)) {
    const next = typeof after.currency === 'string' ? after.currency : currency;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [a, b] = [before[key], after[key]];
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      // A list of named things (a line's plans) is named by its items, not by its key.
      if (Array.isArray(a) && Array.isArray(b) && hasIds(a) && hasIds(b)) walk(a, b, where, next, out);
      else if (isObject(a) && isObject(b)) walk(a, b, [...where, key], next, out);
      // A flag left out of the files is false (the schemas' default).
      else if (typeof (a ?? b) === 'boolean' && Boolean(a) === Boolean(b)) continue;
      else if (typeof (a ?? b) === 'boolean') out.push(`${at ? `${at} ` : ''}${key} ${Boolean(a)} → ${Boolean(b)}`);
      else out.push(`${at ? `${at} ` : ''}${key} ${shown(a)} → ${shown(b)}${key === 'price' && next ? ` ${next}` : ''}`);
    }
    return;
  }
  out.push(`${at || 'document'} ${shown(before)} → ${shown(after)}`);
}

/**
 * The changes from one catalog document to another, one readable line each, as the audit log and
 * the versions list show them ("Budget VPS › Budget VPS 2 price 9.99 → 8.99 USD").
 */
export function catalogChanges(before: CatalogDocument, after: CatalogDocument): string[] {
  const out: string[] = [];
  for (const part of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const label = partLabels[part];
    walk(before[part], after[part], label ? [label] : [], undefined, out);
  }
  return out;
}
