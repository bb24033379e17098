/** The fixed decorative layer behind every page: a soft gradient glow and a faint grid. */
export function Background() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-brand-600/20 blur-3xl" />
      <div className="absolute right-[-10rem] bottom-[-12rem] h-[28rem] w-[28rem] rounded-full bg-accent-400/10 blur-3xl" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.03)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.03)_1px,transparent_1px)] bg-[size:48px_48px]" />
    </div>
  );
}
