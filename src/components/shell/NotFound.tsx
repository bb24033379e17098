import { ButtonLink } from '../ui/Button.tsx';

/** The 404 page's content, inside the shell; the server answers it with status 404. */
export function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold text-white sm:text-5xl">Page not found</h1>
      <p className="mt-4 text-slate-300">The page you were looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/">Go to the home page</ButtonLink>
        <ButtonLink href="/products" variant="outline">
          Browse products
        </ButtonLink>
        <ButtonLink href="/contact" variant="ghost">
          Contact support
        </ButtonLink>
      </div>
    </section>
  );
}
