import { Users } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { panelApi, type PlayerList, type PowerState } from './panel-api.ts';
import { statsIntervalMs } from './use-server-session.ts';
import { CardTitle } from '../ui/Card.tsx';
import { cardVariants } from '../ui/card-variants.ts';

const texts = panelTexts.players;

/**
 * Who is on the server: online of max and the names the server lists, from a Server List Ping
 * to its own address, refreshed with the usage figures (every 10 s) and when the power state
 * changes. Says plainly when the server is offline, not answering or not a Minecraft server.
 */
export function PlayersCard({ state }: { state: PowerState }) {
  const [players, setPlayers] = useState<PlayerList>();
  const [failed, setFailed] = useState(false);
  const ids = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies(state): a change of power state is the trigger: ask again at once, even a server found not to be Minecraft.
  useEffect(() => {
    let cancelled = false;
    let settled = false;
    const read = async () => {
      // A server that is not Minecraft stays so: asked again only when its power state changes.
      if (settled) return;
      try {
        const answer = await panelApi.players();
        if (cancelled) return;
        settled = answer.status === 'not_minecraft';
        setPlayers(answer);
        setFailed(false);
      } catch (error) {
        if (cancelled) return;
        console.error('Failed to read the players', error);
        setFailed(true);
      }
    };
    void read();
    const timer = setInterval(() => void read(), statsIntervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [state]);

  let body: ReactNode;
  if (failed && !players) body = <p className="text-sm text-slate-400">{texts.failed}</p>;
  else if (!players) body = <p className="text-sm text-slate-400">{texts.checking}</p>;
  else if (players.status === 'offline') body = <p className="text-sm text-slate-400">{texts.offline}</p>;
  else if (players.status === 'not_minecraft') body = <p className="text-sm text-slate-400">{texts.notMinecraft}</p>;
  else if (players.status === 'not_answering') body = <p className="text-sm text-yellow-200">{texts.notAnswering(players.reason)}</p>;
  else {
    body = (
      <>
        <p className="text-lg font-bold text-white tabular-nums">{texts.online(players.online, players.max)}</p>
        {players.names.length > 0 ? (
          <ul aria-label={texts.heading} className="mt-2 flex flex-wrap gap-1.5">
            {players.names.map((name) => (
              <li key={name} className="rounded-md bg-white/5 px-2 py-0.5 font-mono text-xs text-slate-200 ring-1 ring-white/10">
                {name}
              </li>
            ))}
          </ul>
        ) : (
          players.online === 0 && <p className="mt-1 text-sm text-slate-400">{texts.nobody}</p>
        )}
        {players.names.length > 0 && players.names.length < players.online && (
          <p className="mt-2 text-xs text-slate-400">{texts.partial(players.names.length, players.online)}</p>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className={cardVariants({ className: 'p-4 sm:p-5' })} data-testid="players">
      <CardTitle id={`${ids}-heading`} icon={Users}>
        {texts.heading}
      </CardTitle>
      {/* Polite: a change of who is online is read out without interrupting. */}
      <div className="mt-2" aria-live="polite" aria-atomic="true">
        {body}
      </div>
    </section>
  );
}
