import { Cpu, Network, Signal } from 'lucide-react';
import type { Location } from '../../data/locations.ts';
import { pingColour, type PingColour } from '../../lib/ping.ts';
import { VisitorLatencyLine } from '../latency/VisitorLatencyLine.tsx';
import { Flag } from './Flag.tsx';
import { SectionHeading } from './SectionHeading.tsx';
import { cardVariants } from '../ui/card-variants.ts';

const pingStyles: Record<PingColour, string> = {
  green: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/40',
  yellow: 'bg-amber-500/15 text-amber-300 ring-amber-400/40',
  red: 'bg-rose-500/15 text-rose-300 ring-rose-400/40',
};

/**
 * Global Infrastructure: the location cards with flag, coloured typical ping, the visitor's own
 * latency (measured in their browser by VisitorLatency.astro's script), CPU and network lines.
 */
export function GlobalInfrastructure({ locations }: { locations: readonly Location[] }) {
  return (
    <section aria-labelledby="locations-heading" className="mx-auto mt-28 max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="locations-heading"
        eyebrow="Low latency everywhere"
        title="Global Infrastructure"
        lead="Pick the location closest to your players. Every site runs the same hardware on a 10 Gbps network."
      />
      <ul data-latency-group="" className="mt-12 grid gap-6 md:grid-cols-3">
        {locations.map((location) => {
          const colour = pingColour(location.ping);
          return (
            <li key={location.id} data-location={location.id} className={cardVariants({ edge: 'ring', className: 'p-6' })}>
              <div className="flex items-start justify-between gap-4">
                <div className="flex items-center gap-3">
                  <Flag countryCode={location.countryCode} country={location.country} />
                  <div>
                    <h3 className="font-semibold text-white">{location.name}</h3>
                    <p className="text-sm text-slate-400">{location.country}</p>
                  </div>
                </div>
                <p
                  data-ping-colour={colour}
                  className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ${pingStyles[colour]}`}
                >
                  <Signal aria-hidden="true" className="size-3.5" />
                  {location.ping} ms<span className="sr-only"> typical ping</span>
                </p>
              </div>
              <VisitorLatencyLine location={location.id} className="mt-4" />
              <ul className="mt-5 space-y-2 border-t border-white/10 pt-4 text-sm text-slate-300">
                <li className="flex items-center gap-2">
                  <Cpu aria-hidden="true" className="size-4 text-accent-400" />
                  {location.processor}
                </li>
                <li className="flex items-center gap-2">
                  <Network aria-hidden="true" className="size-4 text-accent-400" />
                  {location.network}
                </li>
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="mt-8 text-center">
        <a href="/datacenters" className="font-semibold text-brand-300 underline-offset-4 hover:text-white hover:underline">
          Explore our datacenters →
        </a>
      </p>
    </section>
  );
}
