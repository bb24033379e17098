import { Archive, Blocks, CalendarClock, FolderOpen, LineChart, Puzzle, Terminal } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { scheduleTexts } from '../../data/panel-schedules.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { Tabs } from '../ui/Tabs.tsx';
import type { ServerDetails, ServerPermissions, ServerResources } from './panel-api.ts';
import { useToolTabs } from './use-tool-tabs.tsx';

// Loaded when their tab is first opened: the console alone is what most visits need.
const FileManager = lazy(() => import('./FileManager.tsx').then((m) => ({ default: m.FileManager })));
const BackupsPanel = lazy(() => import('./BackupsPanel.tsx').then((m) => ({ default: m.BackupsPanel })));
const SchedulesPanel = lazy(() => import('./SchedulesPanel.tsx').then((m) => ({ default: m.SchedulesPanel })));
const ModsPanel = lazy(() => import('./ModsPanel.tsx').then((m) => ({ default: m.ModsPanel })));
const HistoryCharts = lazy(() => import('./HistoryCharts.tsx').then((m) => ({ default: m.HistoryCharts })));
const MinecraftPanel = lazy(() => import('./minecraft/MinecraftPanel.tsx').then((m) => ({ default: m.MinecraftPanel })));

type ToolId = 'console' | 'files' | 'backups' | 'schedules' | 'mods' | 'minecraft' | 'history';
const texts = panelTexts.tools;

interface ServerToolsProps {
  server: ServerDetails;
  resources: ServerResources | undefined;
  permissions: ServerPermissions | undefined;
  /** The live console, mounted from the start so it keeps streaming behind other tabs. */
  console: ReactNode;
}

/**
 * The Game Panel's tools as tabs: Console, Files, Backups, Schedules and History. Files, Backups
 * and Schedules are offered only when the key may list them; a tab's content loads the first time it is opened,
 * and stays mounted after.
 */
export function ServerTools({ server, resources, permissions, console }: ServerToolsProps) {
  const { panel, tabs } = useToolTabs<ToolId>('console');
  const label = (icon: ReactNode, text: ReactNode) => (
    <>
      {icon}
      {text}
    </>
  );
  const items = [
    { id: 'console' as const, label: label(<Terminal aria-hidden className="size-4 shrink-0 max-sm:hidden" />, texts.tabs.console), panel: console },
    ...(permissions?.files.list
      ? [
          {
            id: 'files' as const,
            label: label(<FolderOpen aria-hidden className="size-4 shrink-0 max-sm:hidden" />, texts.tabs.files),
            panel: panel('files', <FileManager permissions={permissions.files} />),
          },
        ]
      : []),
    ...(permissions?.backups.list
      ? [
          {
            id: 'backups' as const,
            label: label(<Archive aria-hidden className="size-4 shrink-0 max-sm:hidden" />, texts.tabs.backups),
            panel: panel('backups', <BackupsPanel permissions={permissions.backups} />),
          },
        ]
      : []),
    ...(permissions?.schedules.list
      ? [
          {
            id: 'schedules' as const,
            label: label(<CalendarClock aria-hidden className="size-4 shrink-0 max-sm:hidden" />, scheduleTexts.tab),
            panel: panel('schedules', <SchedulesPanel permissions={permissions.schedules} />),
          },
        ]
      : []),
    ...(permissions?.files.list && permissions.files.write
      ? [
          {
            id: 'mods' as const,
            // "Mods" on a phone, where six tabs share the row.
            label: label(
              <Puzzle aria-hidden className="size-4 shrink-0 max-sm:hidden" />,
              <>
                <span className="sm:hidden">Mods</span>
                <span className="max-sm:hidden">Mods &amp; plugins</span>
              </>,
            ),
            panel: panel('mods', <ModsPanel canWrite={permissions.files.write} canDelete={permissions.files.delete} />),
          },
        ]
      : []),
    // Players, Settings and Version (docs/decisions.md 110-112): their lists and files need the file permissions.
    ...(permissions?.files.read
      ? [
          {
            id: 'minecraft' as const,
            label: label(<Blocks aria-hidden className="size-4 shrink-0 max-sm:hidden" />, texts.tabs.minecraft),
            panel: panel('minecraft', <MinecraftPanel />),
          },
        ]
      : []),
    {
      id: 'history' as const,
      label: label(<LineChart aria-hidden className="size-4 shrink-0 max-sm:hidden" />, texts.tabs.history),
      panel: panel('history', <HistoryCharts server={server} resources={resources} />),
    },
  ];
  return (
    <Tabs<ToolId>
      label={texts.label}
      idPrefix="tools"
      items={items}
      {...tabs}
      // Five tabs share a phone's row by their labels' widths; four split it evenly.
      // Six tabs and more scroll sideways on a phone rather than squeeze their labels.
      listClassName={items.length > 5 ? 'flex overflow-x-auto' : items.length > 4 ? 'flex' : 'grid grid-cols-4 sm:flex'}
      tabClassName={items.length > 4 ? 'flex-auto whitespace-nowrap max-sm:px-1.5' : 'flex-1 whitespace-nowrap'}
    />
  );
}

export { HistoryCharts };
