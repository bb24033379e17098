import type { ReactNode } from 'react';
import { muted } from './staff-styles.ts';
import type { Loaded } from './use-load.ts';

export function ItemList({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-white/10">{children}</ul>;
}

/** A loaded list's items; a sentence when there are none, or while nothing is loaded. */
export function LoadedItems<T>({
  loaded,
  items,
  empty,
  failed,
  render,
}: {
  loaded: Loaded<unknown>;
  items: readonly T[];
  /** Said when the list has no items. */
  empty: string;
  /** Said when the list could not be loaded. */
  failed: string;
  render: (item: T) => ReactNode;
}) {
  if (!loaded.data) return <p className={`mt-3 ${muted}`}>{loaded.loading ? 'Loading…' : failed}</p>;
  return items.length ? <ItemList>{items.map(render)}</ItemList> : <p className={`mt-3 ${muted}`}>{empty}</p>;
}
