import { defineContent, z } from './define.ts';

const sectionSchema = z.object({
  heading: z.string().min(1),
  /** Paragraphs of plain text. */
  paragraphs: z.array(z.string().min(10)).default([]),
  /** An optional bullet list after the paragraphs. */
  items: z.array(z.string().min(2)).default([]),
});

const documentSchema = z.object({
  /** The tab's id, also its #fragment (docs/decisions.md 24). */
  id: z.enum(['terms', 'privacy', 'refund']),
  /** The tab label and the document's title. */
  title: z.string().min(1),
  updated: z.iso.date(),
  sections: z.array(sectionSchema).min(1),
});

const legalSchema = z
  .array(documentSchema)
  .length(3)
  .refine((docs) => docs[0]?.id === 'terms', 'Terms of Service must come first: it is the default tab');

export type LegalDocument = z.infer<typeof documentSchema>;

/** The legal texts (/legal): Terms of Service (default tab), Privacy Policy, Refund Policy. */
export const legalDocuments: readonly LegalDocument[] = defineContent('legal', legalSchema, [
  {
    id: 'terms',
    title: 'Terms of Service',
    updated: '2026-01-01',
    sections: [
      {
        heading: '1. Acceptance of terms',
        paragraphs: [
          'By ordering or using any Hostfront service you agree to these terms. If you order on behalf of an organisation, you confirm that you may bind it to them.',
        ],
      },
      {
        heading: '2. Services',
        paragraphs: [
          'We provide game server hosting, Discord bot hosting, web hosting, virtual private and dedicated servers and storage servers as described on each plan page. Resources (CPU, memory, storage, bandwidth) are those listed for your plan.',
        ],
      },
      {
        heading: '3. Acceptable use',
        paragraphs: ['You may not use our services for anything illegal or harmful to others. In particular, the following are not allowed:'],
        items: [
          'Sending spam or hosting phishing or malware',
          'Attacking other networks, including DDoS attacks and port scanning',
          'Cryptocurrency mining on shared plans',
          'Content that infringes copyright or other rights',
        ],
      },
      {
        heading: '4. Payment and renewal',
        paragraphs: [
          'Services are billed monthly in advance in the currency shown on the plan. An unpaid invoice may lead to suspension after 3 days and termination after 7 days, after which data may be deleted.',
        ],
      },
      {
        heading: '5. Uptime',
        paragraphs: [
          'We aim for 99.9% availability each month. Scheduled maintenance is announced in advance on the Network Status page. If we miss the guarantee, contact support for a service credit.',
        ],
      },
      {
        heading: '6. Liability',
        paragraphs: [
          'Keep your own backups of important data. Our liability for any claim is limited to the fees you paid for the affected service in the three months before the claim.',
        ],
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy Policy',
    updated: '2026-01-01',
    sections: [
      {
        heading: '1. What we collect',
        paragraphs: ['We collect only what we need to provide and bill our services:'],
        items: [
          'Account details: name, e-mail address, billing address',
          'Payment records (card data is handled by our payment providers)',
          'Server logs and usage statistics',
          'Messages you send to our support team',
        ],
      },
      {
        heading: '2. How we use it',
        paragraphs: [
          'We use your data to run your services, process payments, answer support requests and keep our network secure. We never sell personal data.',
        ],
      },
      {
        heading: '3. Cookies',
        paragraphs: [
          'Essential cookies keep the site and the control panel working. Analytics and marketing cookies are used only if you allow them in the cookie banner, and you can change your choice at any time with Cookie settings at the foot of every page.',
        ],
      },
      {
        heading: '4. Retention and your rights',
        paragraphs: [
          'We keep account data while your account is active and as long as the law requires afterwards. Messages sent with the contact form are deleted 12 months after they reach our support team. You may ask for a copy of your data, its correction or its deletion by contacting support.',
        ],
      },
    ],
  },
  {
    id: 'refund',
    title: 'Refund Policy',
    updated: '2026-01-01',
    sections: [
      {
        heading: '7-day money-back guarantee',
        paragraphs: [
          'If you are not satisfied, ask for a refund within 7 days of your first payment for a service and we refund it in full. Terms apply, as below.',
        ],
      },
      {
        heading: 'Processing time',
        paragraphs: ['Approved refunds are processed within 5-7 business days, back to the original payment method.'],
      },
      {
        heading: 'Non-refundable',
        paragraphs: ['The following cannot be refunded:'],
        items: ['Domain registrations and renewals', 'SSL certificates', 'Custom configurations', 'Services used for more than 7 days'],
      },
      {
        heading: 'How to ask for a refund',
        paragraphs: ['Contact our support team with your invoice number. We reply within 24 hours.'],
      },
    ],
  },
]);
