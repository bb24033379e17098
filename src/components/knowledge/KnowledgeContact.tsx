import { MessageSquare } from 'lucide-react';
import { ButtonLink } from '../ui/Button.tsx';

/** Under the accordion: where to go when the answer is not there. */
export function KnowledgeContact() {
  return (
    <div className="mt-10 flex flex-col items-center gap-4 rounded-2xl border border-white/10 bg-gradient-to-r from-brand-700/40 to-surface-900/70 p-6 text-center sm:flex-row sm:text-left">
      <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-500/20 text-brand-300">
        <MessageSquare aria-hidden="true" className="size-5" />
      </span>
      <div className="flex-1">
        <h2 className="text-lg font-semibold text-white">Still have questions?</h2>
        <p className="text-sm text-slate-300">Our support team answers live in its hours, and every message by e-mail.</p>
      </div>
      <ButtonLink href="/contact">Contact Support</ButtonLink>
    </div>
  );
}
