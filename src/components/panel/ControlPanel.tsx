import { Code2, Gamepad2, Globe, MonitorCog } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SamplePanel } from '../../data/panel-samples.ts';
import { FirstViewContext, type FirstView } from './first-view.ts';
import { GamePanel } from './GamePanel.tsx';
import { SamplePanelView } from './SamplePanelView.tsx';
import { Tabs } from '../ui/Tabs.tsx';

type TabId = 'game' | SamplePanel['id'];

const icons: Record<TabId, ReactNode> = {
  game: <Gamepad2 aria-hidden className="size-4" />,
  web: <Globe aria-hidden className="size-4" />,
  vps: <MonitorCog aria-hidden className="size-4" />,
  dev: <Code2 aria-hidden className="size-4" />,
};

/**
 * The control panel's four tabs as WAI-ARIA tabs (automatic activation; Left/Right/Home/End):
 * Game Panel first and selected (docs/decisions.md 30), then the Web, VPS and Dev samples. Panels
 * stay mounted when hidden, so the game console keeps streaming while another tab is open.
 * `firstView` is what the Game Panel shows before its first answers (first-view.ts).
 */
export function ControlPanel({ samples, firstView = 'checking' }: { samples: SamplePanel[]; firstView?: FirstView }) {
  const [selected, setSelected] = useState<TabId>('game');
  const label = (id: TabId, text: string) => (
    <>
      {icons[id]}
      {text}
      {id !== 'game' && (
        <span className={`rounded px-1 text-[10px] font-medium tracking-wide uppercase ${selected === id ? 'bg-black/30' : 'bg-white/10 text-slate-300'}`}>
          Sample
        </span>
      )}
    </>
  );
  return (
    <FirstViewContext value={firstView}>
      <Tabs<TabId>
        label="Panels"
        idPrefix="panel"
        selected={selected}
        onSelect={setSelected}
        listClassName="grid grid-cols-2 sm:flex"
        tabClassName="flex-1 whitespace-nowrap"
        panelClassName="mt-6"
        items={[
          { id: 'game', label: label('game', 'Game Panel'), panel: <GamePanel /> },
          ...samples.map((panel) => ({ id: panel.id, label: label(panel.id, panel.label), panel: <SamplePanelView panel={panel} /> })),
        ]}
      />
    </FirstViewContext>
  );
}
