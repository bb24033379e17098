import { pageInfo } from '../../data/pages.ts';
import { ButtonLink } from '../ui/Button.tsx';

export function Hero() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
      <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{pageInfo('/').heading}</h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{pageInfo('/').description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/products" size="lg">
          Deploy Server Now
        </ButtonLink>
        <ButtonLink href="/datacenters" size="lg" variant="outline">
          View Locations
        </ButtonLink>
      </div>
    </section>
  );
}
