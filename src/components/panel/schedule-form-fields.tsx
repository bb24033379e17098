import { useId, useState } from 'react';

/** The schedule editor's input and label styles (ScheduleEditor, TimetableFields, ScheduleTaskRow). */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-400';
export const labelClass = 'block text-sm font-medium text-slate-200';

/** The server's field messages, shown at their fields (by dotted name: `tasks.0.command`). */
export interface FieldErrors {
  /** The form's id prefix: every field's id starts with it. */
  ids: string;
  fieldProps: (field: string) => { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  errorText: (field: string) => React.ReactNode;
  /** A field's message goes once the field is changed. */
  clear: (prefix: string) => void;
  replace: (errors: Record<string, string>) => void;
}

export function useFieldErrors(): FieldErrors {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = useId();
  const error = (field: string) => errors[field];
  return {
    ids,
    fieldProps: (field) => ({
      'aria-invalid': error(field) ? true : undefined,
      'aria-describedby': error(field) ? `${ids}-${field}-error` : undefined,
    }),
    errorText: (field) =>
      error(field) && (
        <p id={`${ids}-${field}-error`} className="mt-1 text-xs text-red-300">
          {error(field)}
        </p>
      ),
    clear: (prefix) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !field.startsWith(prefix)))),
    replace: setErrors,
  };
}
