import { LoaderCircle, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  contactFields,
  contactLabels,
  contactLimits,
  formSlots,
  honeypotField,
  validateContact,
  type ContactField,
  type ContactFieldErrors,
} from '../../../contracts/contact-rules.ts';
import type { ErrorBody } from '../../../contracts/http-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { contactFieldMeta, contactFormClasses as cls, fieldErrorId, fieldId } from './contact-form-styles.ts';

const messageHintId = 'contact-message-hint';

interface FieldProps {
  field: ContactField;
  error: string | undefined;
  onEdit: (field: ContactField, value: string) => void;
  messageLength: number;
  /** Server-filled placeholders instead of live state (the not-sent page). */
  slots: boolean;
}

function Field({ field, error, onEdit, messageLength, slots }: FieldProps) {
  const meta = contactFieldMeta[field];
  const describedBy = [fieldErrorId(field), field === 'message' && !slots ? messageHintId : ''].filter(Boolean).join(' ');
  const common = {
    id: fieldId(field),
    name: field,
    required: true,
    maxLength: contactLimits[field],
    autoComplete: meta.autoComplete,
    placeholder: meta.placeholder,
    defaultValue: slots ? formSlots.value(field) : undefined,
    'aria-invalid': slots ? (formSlots.invalid(field) as 'true') : error ? true : undefined,
    'aria-describedby': describedBy,
    className: cls.control,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => onEdit(field, event.currentTarget.value),
  };
  return (
    <div className={field === 'name' || field === 'email' ? cls.fieldHalf : cls.fieldFull}>
      <label htmlFor={fieldId(field)} className={cls.label}>
        {contactLabels[field]}
        <span className={cls.required} aria-hidden="true">
          *
        </span>
      </label>
      {meta.type === 'textarea' ? <textarea {...common} rows={7} /> : <input {...common} type={meta.type} />}
      <p id={fieldErrorId(field)} className={cls.error}>
        {slots ? formSlots.error(field) : error}
      </p>
      {field === 'message' && !slots && (
        <p id={messageHintId} className={`${cls.hint} text-right tabular-nums`}>
          {messageLength.toLocaleString('en-US')} / {contactLimits.message.toLocaleString('en-US')} characters
        </p>
      )}
    </div>
  );
}

export interface ContactFormProps {
  /** The toasts after sending. */
  toasts: { success: string; failure: string };
  /**
   * Renders the answer page to a form post that was not sent: the fields, their errors and the
   * problem are placeholders the server fills (contracts/contact-rules.ts formSlots), under
   * this heading. That page is not hydrated: it posts again as a plain form.
   */
  notSent?: { title: string };
}

/**
 * The contact form. It is a real form that posts to /api/contact without JavaScript; once
 * hydrated (on the visitor's first touch, docs/decisions.md 143) it checks the fields with the
 * server's own rules, sends JSON, and toasts the result. Inputs are uncontrolled, so what a
 * visitor typed before hydration stays.
 */
export function ContactForm({ toasts, notSent }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [messageLength, setMessageLength] = useState(0);

  useEffect(() => {
    // The page's script (contact-form.ts) has filled ?subject= and shown ?sent=1's notice; it waits
    // for data-enhanced to hand over a send pressed before this ran.
    setEnhanced(true);
    const message = formRef.current?.elements.namedItem('message') as HTMLTextAreaElement | null;
    setMessageLength(message?.value.length ?? 0);
  }, []);

  function focusFirst(fields: ContactFieldErrors) {
    const first = contactFields.find((f) => fields[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  function onEdit(field: ContactField, value: string) {
    if (field === 'message') setMessageLength(value.length);
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const checked = validateContact(data);
    setFormError(null);
    if (!checked.ok) {
      setErrors(checked.fields);
      focusFirst(checked.fields);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...checked.value, [honeypotField]: data[honeypotField] ?? '' }),
      });
      if (response.ok) {
        form.reset();
        setMessageLength(0);
        notifySuccess(toasts.success);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
      if (response.status === 400 && body.error?.fields) {
        setErrors(body.error.fields);
        focusFirst(body.error.fields);
      } else if (body.error?.message && response.status < 500) {
        setFormError(body.error.message);
      }
      notifyError(toasts.failure);
    } catch {
      notifyError(toasts.failure);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/contact"
      noValidate={enhanced}
      data-enhanced={enhanced ? '' : undefined}
      onSubmit={onSubmit}
      aria-labelledby="contact-form-heading"
      aria-busy={sending}
      className={cls.form}
    >
      {notSent && (
        <div id="contact-form-problem" role="alert" className={`${cls.summary} sm:col-span-2`}>
          <h2 className="text-base font-semibold text-white">{notSent.title}</h2>
          <p className="mt-1">{formSlots.problem}</p>
        </div>
      )}
      {contactFields.map((field) => (
        <Field key={field} field={field} error={errors[field]} onEdit={onEdit} messageLength={messageLength} slots={notSent !== undefined} />
      ))}
      <div className={cls.honeypot} aria-hidden="true">
        <label htmlFor={`contact-${honeypotField}`}>Leave this field empty</label>
        <input type="text" id={`contact-${honeypotField}`} name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {formError && (
        <p role="alert" className="rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-sm text-red-100 sm:col-span-2">
          {formError}
        </p>
      )}
      <div className={cls.actions}>
        <p className={cls.note}>We only use your details to answer your message.</p>
        <button type="submit" disabled={sending} className={buttonVariants({ size: 'lg', className: 'min-w-44' })}>
          {sending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4" />}
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
