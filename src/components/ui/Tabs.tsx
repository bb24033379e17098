import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  /** The tab's visible label (text, or icon and text). */
  label: ReactNode;
  /** The panel shown while this tab is selected; every panel stays mounted. */
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab and panel element ids, unique on the page. */
  idPrefix: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  listClassName: string;
  tabClassName: (active: boolean) => string;
  panelClassName: string;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, Left/Right/Home/End move and select,
 * panels stay mounted (hidden) so live content keeps running behind another tab.
 */
export function Tabs<Id extends string>({ label, idPrefix, items, selected, onSelect, listClassName, tabClassName, panelClassName }: TabsProps<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    const item = target === undefined ? undefined : items[target];
    if (!item) return;
    event.preventDefault();
    onSelect(item.id);
    buttons.current[target!]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={listClassName}>
        {items.map((item, index) => {
          const active = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${item.id}`}
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${item.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={tabClassName(active)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${item.id}`}
          aria-labelledby={`${idPrefix}-tab-${item.id}`}
          hidden={item.id !== selected}
          tabIndex={0}
          className={panelClassName}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
