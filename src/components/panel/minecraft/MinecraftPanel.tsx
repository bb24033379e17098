import { lazy, Suspense, useState, type ReactNode } from 'react';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { panelTexts } from '../../../data/panel-texts.ts';
import { cardVariants } from '../../ui/card-variants.ts';
import { Tabs } from '../../ui/Tabs.tsx';

// Each tool loads when its tab is first opened (docs/decisions.md 88: nothing before the tap).
const PlayersTool = lazy(() => import('./PlayersTool.tsx').then((m) => ({ default: m.PlayersTool })));
const SettingsTool = lazy(() => import('./SettingsTool.tsx').then((m) => ({ default: m.SettingsTool })));
const VersionTool = lazy(() => import('./VersionTool.tsx').then((m) => ({ default: m.VersionTool })));

type ToolId = 'players' | 'settings' | 'version';
const loading = <p className={cardVariants({ className: 'p-5 text-sm text-slate-400' })}>{panelTexts.tools.loading}</p>;

/** The Game Panel's Minecraft tools as tabs of their own: Players, Settings, Version (docs/decisions.md 110-112). */
export function MinecraftPanel() {
  const [selected, setSelected] = useState<ToolId>('players');
  const [opened, setOpened] = useState<ReadonlySet<ToolId>>(new Set(['players']));
  const select = (id: ToolId) => {
    setSelected(id);
    setOpened((current) => (current.has(id) ? current : new Set([...current, id])));
  };
  const tool = (id: ToolId, content: ReactNode) => opened.has(id) && <Suspense fallback={loading}>{content}</Suspense>;
  const items = [
    { id: 'players' as const, label: minecraftTexts.tools.players, panel: tool('players', <PlayersTool />) },
    { id: 'settings' as const, label: minecraftTexts.tools.settings, panel: tool('settings', <SettingsTool />) },
    { id: 'version' as const, label: minecraftTexts.tools.version, panel: tool('version', <VersionTool />) },
  ];
  return (
    <Tabs<ToolId>
      label={minecraftTexts.label}
      idPrefix="minecraft"
      selected={selected}
      onSelect={select}
      items={items}
      size="compact"
      listClassName="flex w-fit max-w-full"
      tabClassName="whitespace-nowrap"
      panelClassName="mt-4"
    />
  );
}
