import { ArrowRight } from 'lucide-react';
import type { CSSProperties } from 'react';
import { pageInfo } from '../../data/pages.ts';
import { fromPrice, type PlanLine } from '../../data/plans.ts';
import { formatPrice } from '../../lib/price.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from './Icon.tsx';
import { CheckList } from '../ui/CheckList.tsx';
import { cardVariants } from '../ui/card-variants.ts';

/** /vps: every VPS and VDS line side by side with its "from" price and a link to its page. Static HTML. */
export function VpsOverview({ lines }: { lines: readonly PlanLine[] }) {
  return (
    <>
      <section className="mx-auto max-w-3xl px-4 pt-10 text-center sm:px-6 lg:px-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{pageInfo('/vps').heading}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
          From a budget VPS for side projects to virtual dedicated servers with reserved AMD EPYC cores: NVMe storage, DDoS protection up to 1 Tbps and a 10
          Gbps network on every line.
        </p>
      </section>
      <section aria-label="VPS and VDS lines" className="mx-auto mt-14 max-w-7xl px-4 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {lines.map((line, i) => (
            <li
              key={line.id}
              data-vps-line={line.id}
              style={{ '--i': i } as CSSProperties}
              className={cardVariants({ edge: 'ring', className: 'card-in flex flex-col p-6 hover:ring-brand-400/60' })}
            >
              <div className="flex items-center gap-3">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/30">
                  <Icon name={line.icon} className="size-6" />
                </span>
                <h2 className="text-xl font-bold text-white">{line.name}</h2>
              </div>
              <p className="mt-3 text-sm text-slate-300">{line.summary}</p>
              <p className="mt-5 flex items-baseline gap-1.5">
                <span className="text-sm text-slate-400">From</span>
                <span className="text-3xl font-extrabold text-white">{formatPrice(fromPrice(line), line.currency)}</span>
                <span className="text-sm text-slate-400">/month</span>
              </p>
              <CheckList items={line.highlights} className="mt-4 space-y-2 text-sm text-slate-300" />
              <a href={line.route} className="mt-auto inline-flex items-center gap-2 pt-6 font-semibold text-brand-300 hover:text-white">
                See {line.name} plans
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="vps-help-heading" className="mx-auto mt-16 max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="vps-help-heading" className="text-2xl font-bold text-white">
          Not sure which server you need?
        </h2>
        <p className="mt-3 text-slate-300">
          Tell us about your workload and we will recommend a plan. Every line comes with a 7-day money-back guarantee (terms apply).
        </p>
        <ButtonLink href="/contact" size="lg" className="mt-6">
          Talk to an expert
        </ButtonLink>
      </section>
    </>
  );
}
