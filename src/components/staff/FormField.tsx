import { cloneElement, type ReactElement } from 'react';
import { fieldError, label as labelClass } from './staff-styles.ts';

/**
 * The server's message for a field, as a sentence: "Target must be host:port", or the message
 * itself when it is a sentence already ("127.0.0.1 is a loopback address: …").
 */
export function fieldSentence(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/** A label, one control, an optional hint, and the field's error tied to the control. */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {fieldSentence(label, error)}
        </p>
      ) : null}
    </div>
  );
}
