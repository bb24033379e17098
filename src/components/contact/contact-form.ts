import { contactLimits } from '../../../contracts/contact-rules.ts';

/** How long a send pressed before the form's island runs waits for it, before the form posts as plain HTML. */
export const handOverMs = 10_000;

/**
 * What the contact page does before its form's island runs (docs/decisions.md 143): the island
 * (ContactFormWithToasts) loads on the visitor's first touch, so the page's plain script fills the
 * subject a link asked for (?subject=, from Apply Now and the guides), shows the sent notice for
 * ?sent=1, and holds a send pressed before the island is ready: the island, once it has marked
 * the form `data-enhanced`, sends it as it sends any (checked with the server's rules, as JSON,
 * toasted). Should the island never run, the form posts as it does without JavaScript.
 */
export function startContactForm(form: HTMLFormElement): void {
  const params = new URLSearchParams(window.location.search);
  const subject = form.elements.namedItem('subject');
  const wanted = params.get('subject')?.trim();
  if (subject instanceof HTMLInputElement && wanted && !subject.value) subject.value = wanted.slice(0, contactLimits.subject);
  // After a form post without JavaScript the notice shows through :target; show it for ?sent=1 alone too.
  if (params.get('sent') === '1') {
    const notice = document.getElementById('sent');
    notice?.classList.remove('hidden');
    notice?.classList.add('flex');
  }

  // The island checks the fields itself, in words at each field: no browser bubble first.
  form.noValidate = true;
  let held = false;
  // On the window, in the capture phase: before React's listener at the island's root sees it.
  window.addEventListener(
    'submit',
    (event) => {
      if (event.target !== form || form.hasAttribute('data-enhanced')) return;
      event.preventDefault();
      event.stopPropagation();
      if (held) return;
      held = true;
      const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
      form.setAttribute('aria-busy', 'true');
      const release = (send: () => void) => {
        observer.disconnect();
        clearTimeout(timer);
        form.removeAttribute('aria-busy');
        held = false;
        send();
      };
      const observer = new MutationObserver(() => {
        if (form.hasAttribute('data-enhanced')) release(() => form.requestSubmit(submitter));
      });
      observer.observe(form, { attributes: true, attributeFilter: ['data-enhanced'] });
      const timer = setTimeout(() => release(() => HTMLFormElement.prototype.submit.call(form)), handOverMs);
    },
    true,
  );
}
