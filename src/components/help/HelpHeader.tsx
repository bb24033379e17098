import { ArrowLeft, Bot, X } from 'lucide-react';
import { buttonVariants } from '../ui/button-variants.ts';

/** The assistant's title bar: back to the categories (from any other view), its name, and close. */
export function HelpHeader({ titleId, showBack, onBack, onClose }: { titleId: string; showBack: boolean; onBack: () => void; onClose: () => void }) {
  return (
    <div className="flex items-center gap-3 border-b border-white/10 bg-gradient-to-r from-brand-700/60 to-surface-900 px-4 py-3">
      {showBack && (
        <button type="button" onClick={onBack} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Back to categories">
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
      )}
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-500/20 text-brand-300">
        <Bot aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-base font-semibold text-white">
          Help Assistant
        </h2>
        <p className="text-xs text-slate-300">Our articles first, then our team</p>
      </div>
      <button type="button" onClick={onClose} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Close help assistant">
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
