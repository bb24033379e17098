/**
 * The contact form's rules, in one place for the browser form and the server (no
 * dependencies, so the island stays small). Lengths count UTF-16 code units, as the
 * browser's maxlength does.
 */

export const contactFields = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];

/** The most characters each field takes (e-mail: the longest address SMTP carries). */
export const contactLimits: Readonly<Record<ContactField, number>> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

/** The hidden field people never see; whatever fills it is a bot. */
export const honeypotField = 'website';

/** The largest request body /api/contact takes. */
export const contactBodyLimitBytes = 32 * 1024;

/** Messages one address may send in the rate-limit window. */
export const contactRateLimit = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export const contactLabels: Readonly<Record<ContactField, string>> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ContactValidation = { ok: true; value: ContactMessageInput } | { ok: false; fields: ContactFieldErrors; value: ContactMessageInput };

// The HTML standard's definition of a valid e-mail address (what type=email checks), with a
// dot required in the domain: an address at a bare host name cannot receive our answer.
const emailPattern = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= contactLimits.email && emailPattern.test(email);
}

const requiredMessages: Readonly<Record<ContactField, string>> = {
  name: 'Please enter your name.',
  email: 'Please enter your e-mail address.',
  subject: 'Please enter a subject.',
  message: 'Please enter a message.',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Checks a submission: every field required after trimming, a valid e-mail address, and the
 * length limits. Returns the trimmed values either way, so a form can show them again.
 */
export function validateContact(input: Partial<Record<string, unknown>>): ContactValidation {
  const value: ContactMessageInput = {
    name: text(input.name),
    email: text(input.email),
    subject: text(input.subject),
    message: text(input.message),
  };
  const fields: ContactFieldErrors = {};
  for (const field of contactFields) {
    const limit = contactLimits[field];
    if (value[field] === '') fields[field] = requiredMessages[field];
    else if (value[field].length > limit) {
      fields[field] =
        `${contactLabels[field]} must be at most ${limit.toLocaleString('en-US')} characters (now ${value[field].length.toLocaleString('en-US')}).`;
    }
  }
  if (!fields.email && !isValidEmail(value.email)) fields.email = 'Please enter a valid e-mail address, like name@example.com.';
  return Object.keys(fields).length ? { ok: false, fields, value } : { ok: true, value };
}

/** True when the honeypot field carries anything. */
export function isHoneypotFilled(input: Partial<Record<string, unknown>>): boolean {
  const trap = input[honeypotField];
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
}

/**
 * The answer page to a form post that was not sent (no JavaScript): the site builds it from the
 * contact form itself with these placeholders in it, and the server fills them per request with
 * what the visitor typed and what was wrong.
 */
export const formSlots = {
  value: (field: ContactField) => `__hf_${field}_value__`,
  error: (field: ContactField) => `__hf_${field}_error__`,
  /** "true" or "false", for aria-invalid. */
  invalid: (field: ContactField) => `__hf_${field}_invalid__`,
  /** What went wrong, in one or two sentences. */
  problem: '__hf_problem__',
} as const;

/** Where the built answer page is, inside the built site (a dot folder is never served as a page). */
export const notSentTemplatePath = '.templates/contact-not-sent.html';
