import type { Feature } from '../../data/features.ts';
import { Icon } from '../plans/Icon.tsx';
import { cardVariants } from '../ui/card-variants.ts';

/** The home page's four feature tiles. Static HTML. */
export function FeatureTiles({ tiles }: { tiles: readonly Feature[] }) {
  return (
    <section aria-label="Platform features" className="mx-auto mt-12 max-w-7xl px-4 sm:px-6 lg:px-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.title} className={cardVariants({ surface: 'soft', edge: 'ring', className: 'group p-5 transition-colors hover:ring-brand-400/50' })}>
            <span className="grid size-11 place-items-center rounded-xl bg-linear-to-br from-brand-500/30 to-accent-400/20 text-white ring-1 ring-white/10">
              <Icon name={tile.icon} className="size-5" />
            </span>
            <h2 className="mt-4 font-semibold text-white">{tile.title}</h2>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-300">{tile.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
