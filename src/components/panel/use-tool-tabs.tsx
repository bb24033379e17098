import { type ReactNode, Suspense, useState } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { cardVariants } from '../ui/card-variants.ts';

const loading = <p className={cardVariants({ className: 'p-5 text-sm text-slate-400' })}>{panelTexts.tools.loading}</p>;

/**
 * The Game Panel's rows of tool tabs (ServerTools.tsx, minecraft/MinecraftPanel.tsx): the tab
 * selected, and each tool's panel rendered only once its tab was first opened (its code loads
 * then, docs/decisions.md 88) and kept mounted after, with a loading line while it loads.
 */
export function useToolTabs<Id extends string>(first: Id) {
  const [selected, setSelected] = useState<Id>(first);
  const [opened, setOpened] = useState<ReadonlySet<Id>>(new Set([first]));
  const select = (id: Id) => {
    setSelected(id);
    setOpened((current) => (current.has(id) ? current : new Set([...current, id])));
  };
  const panel = (id: Id, content: ReactNode) => opened.has(id) && <Suspense fallback={loading}>{content}</Suspense>;
  /** What every row of tool tabs gives `Tabs` (src/components/ui/Tabs.tsx): the selection, compact tabs, the panels' spacing. */
  const tabs = { selected, onSelect: select, size: 'compact', panelClassName: 'mt-4' } as const;
  return { panel, tabs };
}
