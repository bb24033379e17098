import { Loader2 } from 'lucide-react';

/** Shown while the page asks whether a session already exists; as tall as the signed-out page below it (no layout shift). */
export function CheckingSession() {
  return (
    <div className="flex min-h-80 items-center justify-center gap-3 text-slate-400" role="status">
      <Loader2 aria-hidden className="size-5 animate-spin" /> Checking your connection…
    </div>
  );
}
