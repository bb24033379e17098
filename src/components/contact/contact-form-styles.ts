import type { ContactField } from '../../../contracts/contact-rules.ts';
import { cardVariants } from '../ui/card-variants.ts';

/** How the contact form's fields look and behave. */
export const contactFieldMeta: Readonly<Record<ContactField, { type: 'text' | 'email' | 'textarea'; autoComplete: string; placeholder: string }>> = {
  name: { type: 'text', autoComplete: 'name', placeholder: 'Your name' },
  email: { type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  subject: { type: 'text', autoComplete: 'off', placeholder: 'How can we help?' },
  message: { type: 'textarea', autoComplete: 'off', placeholder: 'Tell us about your question, your server or your order…' },
};

export const fieldId = (field: ContactField): string => `contact-${field}`;
export const fieldErrorId = (field: ContactField): string => `contact-${field}-error`;

export const contactFormClasses = {
  card: cardVariants({ surface: 'soft', shadow: 'floating', className: 'p-6 backdrop-blur sm:p-8' }),
  form: 'grid gap-5 sm:grid-cols-2',
  fieldHalf: 'sm:col-span-1',
  fieldFull: 'sm:col-span-2',
  label: 'block text-sm font-medium text-slate-200',
  required: 'ml-0.5 text-brand-300',
  // Invalid fields are styled by their aria-invalid, so one markup serves both states.
  control:
    'mt-1.5 block w-full rounded-lg border border-white/10 bg-surface-950/60 px-3.5 py-2.5 text-base text-slate-100 placeholder:text-slate-500 transition-colors focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 aria-invalid:border-red-400/80 aria-invalid:focus:border-red-400 aria-invalid:focus:ring-red-400/40 sm:text-sm',
  // An empty message takes no room, so the element can always be there for aria-describedby.
  error: 'mt-1.5 text-sm text-red-300 empty:hidden',
  hint: 'mt-1.5 text-xs text-slate-400',
  honeypot: 'absolute -left-[10000px] h-px w-px overflow-hidden',
  summary: 'mb-6 rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-sm text-red-100 focus:outline-none',
  actions: 'flex flex-col-reverse items-stretch gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between',
  note: 'text-xs text-slate-400',
} as const;
