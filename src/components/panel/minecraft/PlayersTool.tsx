import { UserMinus, Users } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkPlayerName, playerListKinds } from '../../../../contracts/minecraft-players-rules.ts';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { buttonVariants } from '../../ui/button-variants.ts';
import { ToolFrame, ToolStatus } from '../ToolFrame.tsx';
import { minecraftApi, type PlayerListKind, type PlayerListsAnswer } from './minecraft-api.ts';

const texts = minecraftTexts.players;
/** A running server writes its list file just after the command: the lists are read again after these delays. */
const rereadAfterMs = [700, 2500];

const inputClasses =
  'block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40';

function PlayerList({
  kind,
  answer,
  busy,
  onAdd,
  onRemove,
}: {
  kind: PlayerListKind;
  answer: PlayerListsAnswer;
  busy: boolean;
  onAdd(name: string): Promise<boolean>;
  onRemove(name: string): void;
}) {
  const ids = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const supported = answer.supported.includes(kind);
  const entries = answer[kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPlayerName(name);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    if (await onAdd(checked.name)) setName('');
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-lg border border-white/10 bg-surface-950/40 p-4" data-testid={`players-${kind}`}>
      <h3 id={`${ids}-heading`} className="font-semibold text-white">
        {texts.lists[kind]}
      </h3>
      <p className="mt-1 text-sm text-slate-400">{supported ? texts.explain[kind] : texts.unsupported}</p>
      {supported && (
        <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
          <div className="min-w-0 flex-1 basis-40">
            <label htmlFor={`${ids}-name`} className="block text-sm font-medium text-slate-200">
              {texts.nameLabel}
            </label>
            <input
              id={`${ids}-name`}
              className={`${inputClasses} mt-1`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              aria-describedby={`${ids}-hint`}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <button type="submit" className={buttonVariants({ size: 'sm' })} disabled={busy}>
            {texts.add[kind]}
          </button>
          <p id={`${ids}-hint`} className={`basis-full text-xs ${error ? 'text-red-300' : 'text-slate-400'}`}>
            {error ?? texts.nameHint}
          </p>
        </form>
      )}
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">{texts.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-white/5" aria-label={texts.lists[kind]}>
          {entries.map((entry) => (
            <li key={entry.name} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 truncate font-mono text-sm text-slate-100">{entry.name}</span>
              {supported && (
                <button
                  type="button"
                  className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                  disabled={busy}
                  aria-label={texts.removeLabel(texts.remove[kind], entry.name)}
                  onClick={() => onRemove(entry.name)}
                >
                  <UserMinus aria-hidden className="size-4" />
                  {texts.remove[kind]}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The Players tool (docs/decisions.md 110): the whitelist, operators and bans, with add and
 * remove; says whether changes go to the console (running) or the files (stopped), and which
 * lists this server's program keeps. Names are checked here and again by the server.
 */
export function PlayersTool() {
  const [answer, setAnswer] = useState<PlayerListsAnswer>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const timers = useRef<number[]>([]);
  const ids = useId();

  const load = useCallback(async () => {
    try {
      setAnswer(await minecraftApi.playerLists());
    } catch (error) {
      setStatus(messageOf(error));
    }
  }, []);
  useEffect(() => {
    void load();
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, [load]);

  const change = async (work: () => Promise<{ via: 'console' | 'files'; message: string }>): Promise<boolean> => {
    setBusy(true);
    try {
      const done = await work();
      setStatus(done.message);
      await load();
      if (done.via === 'console') timers.current.push(...rereadAfterMs.map((ms) => window.setTimeout(() => void load(), ms)));
      return true;
    } catch (error) {
      setStatus(messageOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const supportedWords = answer ? answer.supported.map((kind) => texts.lists[kind].toLowerCase()).join(', ') : '';
  return (
    <ToolFrame ids={ids} icon={Users} title={minecraftTexts.tools.players} testId="players-tool">
      <ToolStatus testId="players-status">{status}</ToolStatus>
      {answer ? (
        <div className="space-y-4 p-4 sm:p-5">
          <div className="space-y-1 text-sm text-slate-300">
            <p data-testid="players-via">{answer.via === 'console' ? texts.viaConsole : texts.viaFiles}</p>
            <p>{texts.supportedLine(supportedWords)}</p>
            {answer.note && <p className="text-yellow-200">{answer.note}</p>}
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            {playerListKinds.map((kind) => (
              <PlayerList
                key={kind}
                kind={kind}
                answer={answer}
                busy={busy}
                onAdd={(name) => change(() => minecraftApi.addPlayer(kind, name))}
                onRemove={(name) => void change(() => minecraftApi.removePlayer(kind, name))}
              />
            ))}
          </div>
        </div>
      ) : (
        <p className="p-5 text-sm text-slate-400">{texts.loading}</p>
      )}
    </ToolFrame>
  );
}
