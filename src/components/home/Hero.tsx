import { ArrowRight, Cpu, MapPin, MemoryStick, Star, Users } from 'lucide-react';
import type { Claim } from '../../data/features.ts';
import { pageInfo } from '../../data/pages.ts';
import { Icon } from '../plans/Icon.tsx';
import { ButtonLink } from '../ui/Button.tsx';

/** The five stars of a rating, each by its number. */
const starNumbers = [1, 2, 3, 4, 5];

interface HeroProps {
  reviews: { count: number; rating: string; stars: number };
  claims: readonly Claim[];
  /** "₹99": the cheapest game server, for the price hint under the buttons. */
  fromPrice: string;
  /** The location shown on the decorative server card. */
  location: { name: string; ping: number };
}

/** Home hero: review badge, heading, claims, Deploy Server Now and View Locations. Static HTML. */
export function Hero({ reviews, claims, fromPrice, location }: HeroProps) {
  const words = pageInfo('/').heading.split(' ');
  const lastWord = words.pop();
  return (
    <section className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-10 pb-8 sm:px-6 sm:pt-16 lg:grid-cols-[1fr_26rem] lg:px-8">
      <div className="text-center lg:text-left">
        <p className="inline-flex flex-wrap items-center justify-center gap-2 rounded-full bg-white/5 px-4 py-1.5 text-sm text-slate-200 ring-1 ring-white/10">
          <span className="font-semibold text-white">{reviews.rating}</span>
          <span className="flex text-emerald-400" role="img" aria-label={`${reviews.stars} out of 5 stars`}>
            {starNumbers.map((n) => (
              <Star key={n} aria-hidden="true" className={`size-4 ${n <= reviews.stars ? 'fill-current' : ''}`} />
            ))}
          </span>
          <span>
            <span className="font-semibold text-white">{reviews.count}</span> reviews
          </span>
        </p>
        <h1 className="mt-7 text-4xl leading-tight font-extrabold tracking-tight text-white sm:text-6xl">
          {words.join(' ')} <span className="bg-linear-to-r from-brand-300 via-brand-400 to-accent-400 bg-clip-text text-transparent">{lastWord}</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300 lg:mx-0">
          Minecraft servers on AMD EPYC, Discord bots, websites and VPS, on NVMe storage with DDoS protection up to 1 Tbps. Online in under 60 seconds.
        </p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
          <ButtonLink href="/products" size="lg">
            Deploy Server Now
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
          <ButtonLink href="/datacenters" size="lg" variant="secondary">
            <MapPin aria-hidden="true" className="size-5" />
            View Locations
          </ButtonLink>
        </div>
        {/* On phones the help button floats at the right edge, at a height that depends on the screen and the cookie banner: the line keeps out of its column. */}
        <p className="mt-4 text-sm text-slate-400 max-sm:px-16">
          Game servers from <span className="font-semibold text-white">{fromPrice}/month</span> · 7-day money-back guarantee (terms apply)
        </p>
        <ul className="mx-auto mt-9 grid max-w-3xl grid-cols-2 gap-3 text-left sm:grid-cols-3 lg:mx-0" aria-label="Why Hostfront">
          {claims.map((claim) => (
            <li key={claim.label} className="flex items-center gap-2.5 rounded-xl bg-surface-900/60 px-3 py-2.5 text-sm text-slate-200 ring-1 ring-white/10">
              <Icon name={claim.icon} className="size-4 shrink-0 text-accent-400" />
              {claim.label}
            </li>
          ))}
        </ul>
      </div>
      <ServerPreview location={location} />
    </section>
  );
}

/** A decorative picture of a running server in the panel (desktop only; hidden from assistive tech). */
function ServerPreview({ location }: { location: { name: string; ping: number } }) {
  const bars = [
    { icon: Cpu, label: 'CPU', value: '23%', width: 'w-[23%]' },
    { icon: MemoryStick, label: 'Memory', value: '3.1 / 6 GB', width: 'w-[52%]' },
    { icon: Users, label: 'Players', value: '18 / 40', width: 'w-[45%]' },
  ];
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute -inset-6 rounded-[2rem] bg-linear-to-br from-brand-600/30 to-accent-400/10 blur-2xl" />
      <div className="relative rounded-2xl bg-surface-900/90 p-6 shadow-2xl ring-1 ring-white/10">
        <div className="flex items-center justify-between">
          <div>
            <p className="font-semibold text-white">survival-smp</p>
            <p className="text-xs text-slate-400">Paper 1.21 · {location.name}</p>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/15 px-2.5 py-1 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/30">
            <span className="size-2 rounded-full bg-emerald-400" />
            Running
          </span>
        </div>
        <div className="mt-6 space-y-4">
          {bars.map((bar) => (
            <div key={bar.label}>
              <div className="flex items-center justify-between text-xs text-slate-300">
                <span className="flex items-center gap-1.5">
                  <bar.icon className="size-3.5 text-accent-400" />
                  {bar.label}
                </span>
                <span className="tabular-nums">{bar.value}</span>
              </div>
              <div className="mt-1.5 h-2 rounded-full bg-white/10">
                <div className={`h-2 rounded-full bg-linear-to-r from-brand-500 to-accent-400 ${bar.width}`} />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-6 rounded-lg bg-surface-950 p-3 font-mono text-xs leading-relaxed text-slate-300 ring-1 ring-white/5">
          <p>
            <span className="text-emerald-400">[INFO]</span> Done (4.2s)! For help, type "help"
          </p>
          <p>
            <span className="text-emerald-400">[INFO]</span> Steve joined the game
          </p>
          <p>
            <span className="text-accent-400">[TPS]</span> 20.0 · ping {location.ping} ms
          </p>
        </div>
      </div>
    </div>
  );
}
