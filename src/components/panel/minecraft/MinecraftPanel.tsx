import { lazy } from 'react';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useToolTabs } from '../use-tool-tabs.tsx';

// Each tool loads when its tab is first opened (docs/decisions.md 88: nothing before the tap).
const PlayersTool = lazy(() => import('./PlayersTool.tsx').then((m) => ({ default: m.PlayersTool })));
const SettingsTool = lazy(() => import('./SettingsTool.tsx').then((m) => ({ default: m.SettingsTool })));
const VersionTool = lazy(() => import('./VersionTool.tsx').then((m) => ({ default: m.VersionTool })));

type ToolId = 'players' | 'settings' | 'version';

/** The Game Panel's Minecraft tools as tabs of their own: Players, Settings, Version (docs/decisions.md 110-112). */
export function MinecraftPanel() {
  const { panel: tool, tabs } = useToolTabs<ToolId>('players');
  const items = [
    { id: 'players' as const, label: minecraftTexts.tools.players, panel: tool('players', <PlayersTool />) },
    { id: 'settings' as const, label: minecraftTexts.tools.settings, panel: tool('settings', <SettingsTool />) },
    { id: 'version' as const, label: minecraftTexts.tools.version, panel: tool('version', <VersionTool />) },
  ];
  return (
    <Tabs<ToolId>
      label={minecraftTexts.label}
      idPrefix="minecraft"
      items={items}
      {...tabs}
      listClassName="flex w-fit max-w-full"
      tabClassName="whitespace-nowrap"
    />
  );
}
