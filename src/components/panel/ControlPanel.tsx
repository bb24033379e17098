import { Code2, Gamepad2, Globe, MonitorCog } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SamplePanel } from '../../data/panel-samples.ts';
import { GamePanel } from './GamePanel.tsx';
import { SamplePanelView } from './SamplePanelView.tsx';

type TabId = 'game' | SamplePanel['id'];

const icons: Record<TabId, ReactNode> = {
  game: <Gamepad2 aria-hidden className="size-4" />,
  web: <Globe aria-hidden className="size-4" />,
  vps: <MonitorCog aria-hidden className="size-4" />,
  dev: <Code2 aria-hidden className="size-4" />,
};

/**
 * The control panel's four tabs as WAI-ARIA tabs (automatic activation; Left/Right/Home/End):
 * Game Panel first and selected (spec section 4), then the Web, VPS and Dev samples. Panels
 * stay mounted when hidden, so the game console keeps streaming while another tab is open.
 */
export function ControlPanel({ samples }: { samples: SamplePanel[] }) {
  const tabs: { id: TabId; label: string }[] = [{ id: 'game', label: 'Game Panel' }, ...samples.map((s) => ({ id: s.id, label: s.label }))];
  const [selected, setSelected] = useState<TabId>('game');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, focus: boolean) => {
    const tab = tabs[index];
    if (!tab) return;
    setSelected(tab.id);
    if (focus) buttons.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div>
      <div role="tablist" aria-label="Panels" className="grid grid-cols-2 gap-1 rounded-xl border border-white/10 bg-surface-900/70 p-1 sm:flex">
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`panel-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`panel-tabpanel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(index, false)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors ${
                active ? 'bg-brand-600 text-white shadow' : 'text-slate-300 hover:bg-white/5 hover:text-white'
              }`}
            >
              {icons[tab.id]}
              {tab.label}
              {tab.id !== 'game' && <span className={`rounded px-1 text-[10px] font-medium tracking-wide uppercase ${active ? 'bg-black/30' : 'bg-white/10 text-slate-300'}`}>Sample</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="panel-tabpanel-game" aria-labelledby="panel-tab-game" hidden={selected !== 'game'} className="mt-6">
        <GamePanel />
      </div>
      {samples.map((panel) => (
        <div key={panel.id} role="tabpanel" id={`panel-tabpanel-${panel.id}`} aria-labelledby={`panel-tab-${panel.id}`} hidden={selected !== panel.id} tabIndex={0} className="mt-6">
          <SamplePanelView panel={panel} />
        </div>
      ))}
    </div>
  );
}
