/**
 * The fixed decorative layer behind every page: soft glows (radial gradients, which are cheap to
 * paint, unlike blurred elements) and a faint grid.
 */
export function Background() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 -z-10 bg-[radial-gradient(60rem_36rem_at_50%_-8rem,rgb(79_70_229/0.22),transparent_70%),radial-gradient(28rem_28rem_at_100%_100%,rgb(34_211_238/0.08),transparent_70%)]"
    >
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.03)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.03)_1px,transparent_1px)] bg-[size:48px_48px]" />
    </div>
  );
}
