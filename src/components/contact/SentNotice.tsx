import { CircleCheck } from 'lucide-react';

/**
 * The notice after a form post without JavaScript: the server redirects to /contact?sent=1#sent,
 * and the :target selector shows it with no script at all (the form island also shows it for ?sent=1).
 * Reached by #sent, it stops below the fixed header (scroll-mt), not under it.
 */
export function SentNotice({ title, text }: { title: string; text: string }) {
  return (
    <div
      id="sent"
      role="status"
      tabIndex={-1}
      className="mb-6 hidden scroll-mt-28 items-start gap-3 rounded-2xl border border-emerald-400/30 bg-emerald-500/10 p-5 focus:outline-none target:flex"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-300" />
      <div>
        <p className="font-semibold text-white">{title}</p>
        <p className="mt-1 text-sm text-emerald-100/90">{text}</p>
      </div>
    </div>
  );
}
