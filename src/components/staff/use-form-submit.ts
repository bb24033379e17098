import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';

/** Field messages from a refusal, or a sentence for the form's notice. */
export function refusal(e: unknown, problem: (e: unknown) => string): { fields: Record<string, string>; error: string } {
  if (e instanceof ApiError && Object.keys(e.fields).length)
    return { fields: { ...e.fields }, error: e.status === 409 ? e.message : 'Please correct the marked fields.' };
  return { fields: {}, error: problem(e) };
}

export interface FormSubmit {
  /** The server's message per field of the last refusal. */
  fields: Record<string, string>;
  /** The sentence for the form's notice. */
  error: string | undefined;
  busy: boolean;
  /** The form's submit handler: runs `work`, busy meanwhile, with a refusal's messages shown after. */
  submit: (work: () => Promise<void>) => (event: FormEvent) => Promise<void>;
}

/** A console form's submission: its busy state and what a refusal says, per field and as a whole. */
export function useFormSubmit(problem: (e: unknown) => string): FormSubmit {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setError(undefined);
    try {
      await work();
    } catch (e) {
      const r = refusal(e, problem);
      setFields(r.fields);
      setError(r.error);
    } finally {
      setBusy(false);
    }
  };
  return { fields, error, busy, submit };
}
