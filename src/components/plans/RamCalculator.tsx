import { Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import { clampMods, clampPlayers, playerBounds, recommendedRam, serverTypes, smallestPlanFor, type ServerType } from '../../lib/ram-calculator.ts';

export interface RamPlan {
  id: string;
  name: string;
  ramGb: number;
  /** Formatted monthly price. */
  price: string;
  /** A plan of another line (its page and name); absent for this page's own plans. */
  line?: { name: string; route: string };
}

const typeLabels: Record<ServerType, { label: string; hint: string }> = {
  vanilla: { label: 'Vanilla', hint: 'The official server' },
  optimized: { label: 'Optimized', hint: 'Paper, Purpur, Spigot' },
  modded: { label: 'Modded', hint: 'Forge, Fabric, modpacks' },
  bedrock: { label: 'Bedrock', hint: 'Bedrock Dedicated Server' },
};

const gb = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} GB`;

/** The RAM calculator on /minecraft-intel (docs/decisions.md 23). An island; props are plain values. */
export function RamCalculator({ plans }: { plans: RamPlan[] }) {
  const id = useId();
  const [type, setType] = useState<ServerType>('vanilla');
  const [players, setPlayers] = useState(10);
  const [mods, setMods] = useState(0);
  const [optimizationMods, setOptimizationMods] = useState(false);
  const ram = recommendedRam({ type, players, mods, optimizationMods });
  const plan = smallestPlanFor(ram, plans);
  const modded = type === 'modded';

  return (
    <section id="ram-calculator" aria-labelledby={`${id}-title`} className="mx-auto mt-20 max-w-5xl px-4 sm:px-6 lg:px-8">
      <div className="grid gap-8 rounded-3xl bg-surface-900/80 p-6 ring-1 ring-white/10 sm:p-10 lg:grid-cols-[1fr_18rem]">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-3 text-2xl font-bold text-white">
            <Calculator aria-hidden="true" className="size-7 text-accent-400" />
            RAM Calculator
          </h2>
          <p className="mt-2 text-sm text-slate-300">Tell us about your server and we will suggest how much memory it needs.</p>

          <fieldset className="mt-6">
            <legend className="text-sm font-semibold text-white">Server type</legend>
            <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {serverTypes.map((t) => (
                <label
                  key={t}
                  className={`cursor-pointer rounded-xl p-3 ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400 ${
                    type === t ? 'bg-brand-600/25 ring-brand-400' : 'bg-white/5 ring-white/10 hover:ring-white/25'
                  }`}
                >
                  <input type="radio" name={`${id}-type`} value={t} checked={type === t} onChange={() => setType(t)} className="sr-only" />
                  <span className="block text-sm font-semibold text-white">{typeLabels[t].label}</span>
                  <span className="mt-0.5 block text-xs text-slate-400">{typeLabels[t].hint}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="mt-6">
            <div className="flex items-center justify-between">
              <label htmlFor={`${id}-players`} className="text-sm font-semibold text-white">
                Players
              </label>
              <span className="text-sm font-semibold text-accent-400 tabular-nums" aria-hidden="true">
                {players}
              </span>
            </div>
            <input
              id={`${id}-players`}
              type="range"
              min={playerBounds.min}
              max={playerBounds.max}
              step={1}
              value={players}
              onChange={(e) => setPlayers(clampPlayers(Number(e.target.value)))}
              className="mt-3 w-full accent-brand-500"
            />
            <div className="mt-1 flex justify-between text-xs text-slate-400" aria-hidden="true">
              <span>{playerBounds.min}</span>
              <span>{playerBounds.max}</span>
            </div>
          </div>

          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-mods`} className="text-sm font-semibold text-white">
                Number of mods
              </label>
              <input
                id={`${id}-mods`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={mods}
                disabled={!modded}
                aria-describedby={`${id}-mods-hint`}
                onChange={(e) => setMods(clampMods(Number(e.target.value)))}
                className="mt-2 w-full rounded-lg bg-surface-950 px-3 py-2 text-white ring-1 ring-white/15 focus-visible:ring-accent-400 disabled:cursor-not-allowed disabled:opacity-50"
              />
              <p id={`${id}-mods-hint`} className="mt-1 text-xs text-slate-400">
                Counts for modded servers only (0.5 GB per mod).
              </p>
            </div>
            <label className="flex items-start gap-3 self-center text-sm text-slate-200">
              <input
                type="checkbox"
                checked={optimizationMods}
                onChange={(e) => setOptimizationMods(e.target.checked)}
                className="mt-0.5 size-4 accent-brand-500"
              />
              <span>I use optimization mods (Lithium, Starlight, FerriteCore)</span>
            </label>
          </div>
        </div>

        <div className="flex flex-col justify-center rounded-2xl bg-linear-to-b from-brand-600/30 to-surface-950 p-6 text-center ring-1 ring-brand-400/40">
          <p className="text-sm font-medium text-slate-300" id={`${id}-result-label`}>
            Recommended RAM
          </p>
          <output
            htmlFor={`${id}-players ${id}-mods`}
            aria-labelledby={`${id}-result-label`}
            aria-live="polite"
            data-ram-result=""
            className="mt-2 block text-5xl font-extrabold text-white tabular-nums"
          >
            {gb(ram)}
          </output>
          <p className="mt-4 min-h-10 text-sm text-slate-300" data-ram-plan="">
            {plan ? (
              <>
                Suggested plan:{' '}
                <a href={`${plan.line?.route ?? ''}#plan-${plan.id}`} className="font-semibold text-brand-300 underline underline-offset-2 hover:text-white">
                  {plan.line ? `${plan.line.name} ${plan.name}` : plan.name}
                </a>{' '}
                ({plan.ramGb} GB, {plan.price}/month)
              </>
            ) : (
              <>
                More than our largest plan:{' '}
                <a href="/contact" className="font-semibold text-brand-300 underline underline-offset-2 hover:text-white">
                  ask us for a custom server
                </a>
              </>
            )}
          </p>
        </div>
      </div>
    </section>
  );
}
