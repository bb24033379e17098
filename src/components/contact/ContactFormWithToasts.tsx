import { Toaster } from '../ui/Toaster.tsx';
import { ContactForm, type ContactFormProps } from './ContactForm.tsx';

/**
 * The contact page's island: the form and the toasts it raises, in one React root, so the toasts
 * load with the form on the visitor's first touch and are listening before the form can send
 * (a child's effects run before its parent's, so the toast region subscribes before the form
 * marks itself ready; docs/decisions.md 143).
 */
export function ContactFormWithToasts({ toasts }: Pick<ContactFormProps, 'toasts'>) {
  return (
    <>
      <Toaster />
      <ContactForm toasts={toasts} />
    </>
  );
}
