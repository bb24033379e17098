import { ArrowRight, ShieldCheck } from 'lucide-react';
import { features } from '../../data/features.ts';
import { ButtonLink } from '../ui/Button.tsx';

/** Let's get started: the money-back guarantee, Get Started Now and Contact Us. Static HTML. */
export function GetStarted() {
  const { guarantee } = features;
  return (
    <section aria-labelledby="start-heading" className="mx-auto mt-28 max-w-4xl px-4 text-center sm:px-6 lg:px-8">
      <h2 id="start-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
        Let&apos;s get started
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-slate-300">Your server can be online in under 60 seconds. Pick a plan, or tell us what you need.</p>
      <p className="mx-auto mt-6 inline-flex items-center gap-2 rounded-full bg-emerald-500/10 px-4 py-2 text-sm text-emerald-200 ring-1 ring-emerald-400/30">
        <ShieldCheck aria-hidden="true" className="size-4" />
        <span>
          <strong className="font-semibold text-white">{guarantee.title}</strong> (terms apply)
        </span>
      </p>
      <p className="mt-2 text-xs text-slate-400">
        {guarantee.text}{' '}
        <a href="/legal" className="underline underline-offset-2 hover:text-white">
          {guarantee.note}
        </a>
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href="/products" size="lg">
          Get Started Now
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
        <ButtonLink href="/contact" size="lg" variant="secondary">
          Contact Us
        </ButtonLink>
      </div>
    </section>
  );
}
