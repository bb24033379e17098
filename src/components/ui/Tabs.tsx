import { cva, type VariantProps } from 'class-variance-authority';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The one tab style: a segmented bar whose selected tab is filled with the brand colour (also read by legal-tabs.ts, which swaps it without React). */
const tabList = 'gap-1 rounded-xl border border-white/10 bg-surface-900/70 p-1';
export const tab = cva('inline-flex items-center justify-center gap-2 rounded-lg py-2.5 font-semibold transition-colors', {
  variants: {
    selected: { true: 'bg-brand-600 text-white shadow', false: 'text-slate-300 hover:bg-white/5 hover:text-white' },
    /** compact: narrower tabs on phones, where three share a row. */
    size: { md: 'px-4 text-sm', compact: 'px-2 text-xs sm:px-4 sm:text-sm' },
  },
  defaultVariants: { size: 'md' },
});

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
  size?: VariantProps<typeof tab>['size'];
  /** Layout only (columns, flex): the look is the one tab style above. */
  listClassName?: string;
  /** Layout only (flex-1, wrapping). */
  tabClassName?: string;
  panelClassName?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, Left/Right/Home/End move and select,
 * panels stay mounted (hidden) so live content keeps running behind another tab.
 */
export function Tabs<Id extends string>({ label, idPrefix, items, selected, onSelect, size, listClassName, tabClassName, panelClassName }: TabsProps<Id>) {
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
      <div role="tablist" aria-label={label} className={`${tabList} ${listClassName ?? ''}`}>
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
              className={tab({ selected: active, size, className: tabClassName })}
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
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern: Tab moves from the tab list into its panel, whatever the panel holds.
          tabIndex={0}
          className={panelClassName}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
