import { Terminal } from 'lucide-react';
import { Suspense } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { FirstViewContext, PanelPageContext, type FirstView } from './first-view.ts';
import { PlayersCard } from './PlayersCard.tsx';
import { ServerConnection } from './ServerConnection.tsx';
import { HistoryCharts } from './ServerTools.tsx';
import { CardTitle } from '../ui/Card.tsx';
import { cardVariants } from '../ui/card-variants.ts';

interface MinecraftToolsProps {
  /** The static text of the console box (docs/decisions.md 30: no live output, no input). */
  welcome: string[];
  /** What the panel shows before its first answers (first-view.ts); the page renders it signed-out. */
  firstView?: FirstView;
}

/** /minecraft-tools: the same connection, power and usage as the panel, players, the resource history and a static console box. */
export function MinecraftTools({ welcome, firstView = 'checking' }: MinecraftToolsProps) {
  return (
    <FirstViewContext value={firstView}>
      <PanelPageContext value="/minecraft-tools">
        <ServerConnection>
          {(panel) => (
            <>
              <PlayersCard state={panel.server.state} />
              <Suspense fallback={<p className="text-sm text-slate-400">{panelTexts.tools.loading}</p>}>
                <HistoryCharts server={panel.server} resources={panel.resources} />
              </Suspense>
              <section aria-labelledby="tools-console-heading" className={cardVariants({ className: 'overflow-hidden' })}>
                <CardTitle id="tools-console-heading" icon={Terminal} className="border-b border-white/10 px-5 py-3">
                  Console
                </CardTitle>
                <div data-testid="tools-console" className="h-56 overflow-y-auto bg-black/60 px-4 py-3 font-mono text-[13px] leading-6 text-green-300">
                  {welcome.map((line, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed welcome text, never reordered: a line's place is its identity.
                    <p key={index}>{line.replace('{name}', panel.server.name)}</p>
                  ))}
                </div>
                <p className="border-t border-white/10 px-5 py-3 text-sm text-slate-400">
                  Want the live console?{' '}
                  <a href="/control-panel" className="font-semibold text-brand-300 hover:text-brand-400">
                    Open the Control Panel
                  </a>
                </p>
              </section>
            </>
          )}
        </ServerConnection>
      </PanelPageContext>
    </FirstViewContext>
  );
}
