import { defineContent, z } from './define.ts';

const contactPageSchema = z.object({
  /** The small label above the page heading. */
  eyebrow: z.string().min(1),
  /** The lead paragraph under the heading. */
  intro: z.string().min(20),
  /** How to reach us besides the form: labels and helper lines for the contact details of src/data/site.ts. */
  channels: z.object({
    email: z.object({ label: z.string().min(1), note: z.string().min(1) }),
    phone: z.object({ label: z.string().min(1), note: z.string().min(1) }),
    office: z.object({ label: z.string().min(1), note: z.string().min(1) }),
  }),
  form: z.object({
    heading: z.string().min(1),
    intro: z.string().min(10),
    /** What the page says after a form post without JavaScript (/contact?sent=1). */
    sentTitle: z.string().min(1),
    sentText: z.string().min(10),
    /** The heading of the answer page to a form post that was not sent (the server adds what was wrong). */
    notSentTitle: z.string().min(1),
    /** The toasts after sending with JavaScript. */
    toasts: z.object({ success: z.string().min(1), failure: z.string().min(1) }),
  }),
});

export type ContactPage = z.infer<typeof contactPageSchema>;

/** The /contact page's texts; the contact details themselves live in src/data/site.ts. */
export const contactPage: ContactPage = defineContent('contact-page', contactPageSchema, {
  // The team's hours are set in the console and shown by SupportHoursCard (docs/decisions.md 92): no text here claims them.
  eyebrow: 'Support',
  intro:
    'Questions about a plan, a bill or your server? Send us a message, write or call: our team answers in the hours shown here, and every message by e-mail.',
  channels: {
    email: { label: 'Email support', note: 'For orders, billing and technical questions' },
    phone: { label: 'Phone', note: 'Talk to a person during our hours' },
    office: { label: 'Office', note: 'Where Hostfront started in 2020' },
  },
  form: {
    heading: 'Send us a message',
    intro: 'Tell us what you need and we will answer by e-mail. Fields marked * are required.',
    sentTitle: 'Message sent successfully! We will get back to you soon.',
    sentText: 'Thank you for writing to us. We answer every message by e-mail, so keep an eye on your inbox.',
    notSentTitle: 'Your message was not sent',
    toasts: {
      success: 'Message sent successfully! We will get back to you soon.',
      failure: 'Failed to send message. Please try again or contact us directly.',
    },
  },
});
