import { Activity, ArrowRight, MapPin, Signal } from 'lucide-react';
import type { Datacenters } from '../../data/datacenters.ts';
import type { Location } from '../../data/locations.ts';
import { VisitorLatencyLine } from '../latency/VisitorLatencyLine.tsx';
import { CtaBlock } from '../content/CtaBlock.tsx';
import { FeatureGrid } from '../content/FeatureGrid.tsx';
import { contentIcon } from '../content/icons.ts';
import { PageHeader } from '../content/PageHeader.tsx';
import { Section } from '../content/Section.tsx';
import { Card } from '../ui/Card.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { CheckList } from '../ui/CheckList.tsx';

/**
 * /datacenters: three locations with their network and hardware (and, where the home cards know
 * it, the typical ping, beside the visitor's own latency), facility features.
 */
export function DatacentersPage({ datacenters, locations }: { datacenters: Datacenters; locations: readonly Location[] }) {
  return (
    <>
      <PageHeader path="/datacenters" eyebrow="Global infrastructure" />
      <Section title="Our Locations" lead="Deploy close to your players in Asia and Europe.">
        <ul data-latency-group="" className="grid gap-6 md:grid-cols-3">
          {datacenters.locations.map((dc) => {
            const known = locations.find((l) => l.id === dc.id);
            return (
              <li key={dc.id} data-location={dc.id}>
                <Card surface="soft" shadow="lifted" className="relative h-full overflow-hidden p-6">
                  <div
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_100%_0%,rgb(99_102_241/0.15),transparent_45%)]"
                  />
                  <div className="flex items-center gap-3">
                    <span className="inline-flex h-8 min-w-11 items-center justify-center rounded-md bg-surface-700 px-2 font-mono text-xs font-bold text-white ring-1 ring-white/10">
                      {dc.countryCode}
                    </span>
                    <div>
                      <h3 className="text-xl font-semibold text-white">{dc.city}</h3>
                      <p className="flex items-center gap-1 text-sm text-slate-300">
                        <MapPin aria-hidden="true" className="size-3.5" /> {dc.country}
                      </p>
                    </div>
                    {/* The live state is on the status page, not typed in here. */}
                    <a
                      href="/network-status"
                      className="ml-auto inline-flex items-center gap-1.5 rounded-md px-1 text-xs font-medium text-emerald-400 hover:text-emerald-300"
                      aria-label={`Live status of ${dc.city}`}
                    >
                      <Activity aria-hidden="true" className="size-3.5" /> Live status
                    </a>
                  </div>
                  <p className="mt-4 text-sm text-slate-300">{dc.description}</p>
                  {known && (
                    <p className="mt-4 flex items-center gap-2 text-sm text-slate-300">
                      <Signal aria-hidden="true" className="size-4 text-accent-400" />
                      Typical ping <span className="font-semibold text-white">{known.ping} ms</span>
                    </p>
                  )}
                  <VisitorLatencyLine location={dc.id} className={known ? 'mt-2' : 'mt-4'} />
                  <CheckList items={dc.features} className="mt-5 space-y-2 border-t border-white/10 pt-4 text-sm text-slate-200" />
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section title="Built for Reliability" lead="Every location meets the same standard.">
        <FeatureGrid columns={4} features={datacenters.facilities.map((f) => ({ title: f.title, description: f.description, Icon: contentIcon(f.icon) }))} />
      </Section>
      <CtaBlock title="Deploy in your region" text="Choose a plan and the location closest to your players.">
        <ButtonLink href="/products" size="lg">
          View Plans <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </CtaBlock>
    </>
  );
}
