import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '../ui/button-variants.ts';
import { dialogClasses } from '../ui/ConfirmDialog.tsx';

export interface PromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  hint: string;
  initialValue: string;
  submitLabel: string;
  cancelLabel: string;
  /** Why the last try was refused (the server's message), shown under the field. */
  error: string | undefined;
  busy: boolean;
  onSubmit(value: string): void;
  onCancel(): void;
}

const inputClasses =
  'mt-1.5 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 font-mono text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40';

/** One name asked for on a native modal <dialog> (a new folder, a new name): the field has the focus, Escape cancels. */
export function PromptDialog({ open, title, label, hint, initialValue, submitLabel, cancelLabel, error, busy, onSubmit, onCancel }: PromptDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialValue);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setValue(initialValue);
      element.showModal();
      // Select the name without its extension, as file managers do.
      const dot = initialValue.lastIndexOf('.');
      requestAnimationFrame(() => input.current?.setSelectionRange(0, dot > 0 ? dot : initialValue.length));
    }
    if (!open && element.open) element.close();
  }, [open, initialValue]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };

  return (
    <dialog ref={dialog} aria-labelledby={`${ids}-title`} onClose={() => open && onCancel()} className={dialogClasses}>
      <form onSubmit={submit} className="p-5 sm:p-6" noValidate>
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <label htmlFor={`${ids}-input`} className="mt-4 block text-sm font-medium text-slate-200">
          {label}
        </label>
        <input
          ref={input}
          id={`${ids}-input`}
          type="text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
          aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className={inputClasses}
        />
        <p id={`${ids}-hint`} className="mt-1.5 text-xs text-slate-400">
          {hint}
        </p>
        {error && (
          <p id={`${ids}-error`} role="alert" className="mt-3 rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onCancel} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {cancelLabel}
          </button>
          <button type="submit" disabled={busy || !value.trim()} className={buttonVariants({ size: 'sm' })}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
