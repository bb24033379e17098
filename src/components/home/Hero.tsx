import { ArrowRight, MapPin, Star } from 'lucide-react';
import { features } from '../../data/features.ts';
import { pageInfo } from '../../data/pages.ts';
import { Icon } from '../plans/Icon.tsx';
import { ButtonLink } from '../ui/Button.tsx';

/** Home hero: review badge, heading, claims, Deploy Server Now and View Locations. Static HTML. */
export function Hero() {
  const { reviews, heroClaims } = features;
  const words = pageInfo('/').heading.split(' ');
  const lastWord = words.pop();
  return (
    <section className="relative mx-auto max-w-7xl px-4 pt-10 pb-8 text-center sm:px-6 sm:pt-16 lg:px-8">
      <p className="inline-flex flex-wrap items-center justify-center gap-2 rounded-full bg-white/5 px-4 py-1.5 text-sm text-slate-200 ring-1 ring-white/10">
        <span className="font-semibold text-white">{reviews.rating}</span>
        <span className="flex text-emerald-400" role="img" aria-label={`${reviews.stars} out of 5 stars`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} aria-hidden="true" className={`size-4 ${i < reviews.stars ? 'fill-current' : ''}`} />
          ))}
        </span>
        <span>
          <span className="font-semibold text-white">{reviews.count}</span> reviews
        </span>
      </p>
      <h1 className="mx-auto mt-7 max-w-4xl text-4xl leading-tight font-extrabold tracking-tight text-white sm:text-6xl">
        {words.join(' ')}{' '}
        <span className="bg-linear-to-r from-brand-300 via-brand-400 to-accent-400 bg-clip-text text-transparent">{lastWord}</span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
        Minecraft servers on AMD EPYC, Discord bots, websites and VPS, on NVMe storage with DDoS protection up to 1 Tbps. Online in under 60 seconds.
      </p>
      <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href="/products" size="lg">
          Deploy Server Now
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
        <ButtonLink href="/datacenters" size="lg" variant="secondary">
          <MapPin aria-hidden="true" className="size-5" />
          View Locations
        </ButtonLink>
      </div>
      <ul className="mx-auto mt-10 grid max-w-4xl grid-cols-2 gap-3 text-left sm:grid-cols-3" aria-label="Why Hostfront">
        {heroClaims.map((claim) => (
          <li key={claim.label} className="flex items-center gap-2.5 rounded-xl bg-surface-900/60 px-3 py-2.5 text-sm text-slate-200 ring-1 ring-white/10">
            <Icon name={claim.icon} className="size-4 shrink-0 text-accent-400" />
            {claim.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
