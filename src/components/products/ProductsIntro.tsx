import { pageInfo } from '../../data/pages.ts';

/** The products page heading and intro. Static HTML. */
export function ProductsIntro() {
  return (
    <section className="mx-auto max-w-3xl px-4 pt-10 text-center sm:px-6 lg:px-8">
      <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{pageInfo('/products').heading}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
        Game servers, virtual servers and bot hosting on NVMe storage with DDoS protection, real-person support and setup in under 60 seconds.
      </p>
    </section>
  );
}
