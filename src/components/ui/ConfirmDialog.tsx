import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonVariants } from './button-variants.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A confirmation that removes or replaces something is red. */
  destructive?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export const dialogClasses =
  'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-white/10 bg-surface-900 p-0 text-slate-200 shadow-2xl backdrop:bg-black/60';

/**
 * A question before something that cannot be undone, on a native modal <dialog>: the browser
 * traps focus in it, Escape cancels, and focus goes back where it was when it closes. Cancel
 * has the focus first, so Enter does not confirm by accident.
 */
export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, destructive, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} onClose={() => open && onCancel()} className={dialogClasses}>
      <div className="p-5 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <div id={`${ids}-body`} className="mt-2 text-sm leading-relaxed text-slate-300">
          {body}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {/* biome-ignore lint/a11y/noAutofocus: the first focus when the modal dialog opens (what autofocus in a dialog is for): Cancel, so Enter does not confirm by accident. */}
          <button type="button" autoFocus onClick={onCancel} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {cancelLabel}
          </button>
          <button type="button" onClick={onConfirm} className={buttonVariants({ variant: destructive ? 'destructive' : 'primary', size: 'sm' })}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
