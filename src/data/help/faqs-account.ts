import type { HelpFaqInput } from './schema.ts';

/** The help assistant's questions on billing (payments, upgrades, refunds) and security (DDoS protection, backups, the account). */
export const accountFaqs: HelpFaqInput[] = [
  {
    id: 'billing-refund',
    category: 'billing',
    question: 'Can I get a refund?',
    answer:
      'Yes, within 7 days of your first payment for a service: our 7-day money-back guarantee refunds it in full, back to the original payment method within 5-7 business days. Domains, SSL certificates, custom configurations and services used for more than 7 days cannot be refunded. Ask our support team with your invoice number.',
    keywords: ['refund', 'money back', 'cancel', 'cancellation', 'return', 'reimburse', 'guarantee'],
    links: [
      { text: 'Refund Policy', url: '/legal#refund' },
      { text: 'Contact Support', url: '/contact' },
    ],
  },
  {
    id: 'billing-payment',
    category: 'billing',
    question: 'How do I pay, and in which currency?',
    answer:
      'We accept Visa, Mastercard, PayPal, Google Pay and UPI. Plans are billed monthly, in the currency shown on each plan (Minecraft and Discord bot plans in Indian rupees, VPS and web hosting in US dollars, storage servers in pounds).',
    keywords: ['payment', 'card', 'paypal', 'upi', 'invoice', 'currency', 'price', 'billing', 'monthly'],
    links: [{ text: 'All products', url: '/products' }],
  },
  {
    id: 'billing-upgrade',
    category: 'billing',
    question: 'How do I upgrade or downgrade my plan?',
    answer:
      'Upgrade at any time from the customer portal: the difference is prorated and your files stay in place. A downgrade takes effect at the start of your next billing period.',
    keywords: ['upgrade', 'downgrade', 'change plan', 'more ram', 'bigger plan', 'prorated'],
    links: [{ text: 'Knowledge Base', url: '/knowledge#upgrades' }],
  },
  {
    id: 'security-ddos',
    category: 'security',
    question: 'How does DDoS protection work?',
    answer:
      'Every server is behind always-on DDoS mitigation with up to 1 Tbps of capacity. Attack traffic is filtered at the network edge, so legitimate players stay connected. It is included with every plan.',
    keywords: ['ddos', 'attack', 'flood', 'booter', 'mitigation', 'protection'],
    links: [
      { text: 'DDoS protection', url: '/ddos' },
      { text: 'Knowledge Base', url: '/knowledge' },
    ],
  },
  {
    id: 'security-backups',
    category: 'security',
    question: 'How do I back up and restore my server?',
    answer:
      "In the Game Panel's Backups tool, make a backup at any time, download it, lock it so it is never replaced, or restore it: a restore stops the server, puts back the backup's files and starts it again. Your plan sets how many backups you keep. To back up on a timetable, add a schedule in the Schedules tool.",
    keywords: ['backup', 'restore', 'snapshot', 'lost world', 'rollback', 'schedule'],
    links: [
      { text: 'Open the Control Panel', url: '/control-panel' },
      { text: 'Knowledge Base', url: '/knowledge#backups' },
    ],
  },
  {
    id: 'security-access-key',
    category: 'security',
    question: 'How do I keep my server safe?',
    answer:
      "Keep your server's access key to yourself: whoever has it controls the server in the Game Panel. Every power action, console command, file change and backup is recorded with when it happened. Our security page explains how we protect the network and the machines.",
    keywords: ['hacked', 'password', 'access key', 'griefing', 'safety', 'secure'],
    links: [{ text: 'Security', url: '/security' }],
  },
];
