import { defineContent, z } from './define.ts';

const knowledgeSchema = z
  .array(
    z.object({
      /** Stable id, used for anchors and element ids. */
      id: z.string().regex(/^[a-z0-9-]+$/),
      /** The question, as shown on the accordion button. */
      question: z.string().min(5),
      /** The answer, plain text (paragraphs separated by a blank line). */
      answer: z.string().min(20),
    }),
  )
  // The files hold ten; the staff console's Catalog may add and remove (docs/decisions.md 137).
  .min(1)
  .max(40)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `another article has the id "${item.id}"` });
      seen.add(item.id);
    });
  });

export type KnowledgeItem = z.infer<typeof knowledgeSchema>[number];

/** The knowledge base (/knowledge): questions and answers (ten in the files). The help assistant searches them too. */
export const knowledgeBase: readonly KnowledgeItem[] = defineContent('knowledge', knowledgeSchema, [
  {
    id: 'getting-started',
    question: 'How do I get started with my new server?',
    answer:
      'Pick a plan on our Products page and complete the order in the customer portal. Your server is deployed automatically, usually in under 60 seconds, and the login details arrive by e-mail. Open the Control Panel, connect with your server ID and access key, and press Start.',
  },
  {
    id: 'java-vs-bedrock',
    question: 'What is the difference between Minecraft Java and Bedrock?',
    answer:
      'Java Edition runs on PC and supports the widest range of plugins and mods (Paper, Spigot, Forge, Fabric). Bedrock Edition runs on consoles, phones and Windows 10/11. Every Minecraft plan can run either edition; with Geyser you can even let Bedrock players join a Java server.',
  },
  {
    id: 'plugins-and-mods',
    question: 'Can I install plugins and mods?',
    answer:
      "Yes. Upload plugins, mods or a modpack's files with the file manager in the Game Panel (up to 100 MiB a file), edit their configs there, then restart the server. Modpacks need more memory: use the RAM calculator on the Minecraft Intel page to size your plan.",
  },
  {
    id: 'support',
    question: 'How do I get support?',
    answer:
      'Our team answers in the hours shown on the Contact page, and every message by e-mail. Open the help assistant on any page, send us a message from the Contact page, or e-mail support. While someone is available for chat, most chats are answered within a minute.',
  },
  {
    id: 'ddos-protection',
    question: 'Is DDoS protection included?',
    answer:
      'Every server includes always-on DDoS protection with up to 1 Tbps of mitigation capacity, at no extra cost. Attacks are filtered at the network edge before they reach your server, so your players stay connected.',
  },
  {
    id: 'backups',
    question: 'Are my servers backed up?',
    answer:
      "Yes. Create, download and restore backups of your server from the Game Panel at any time; a restore stops the server, puts back the files of the backup and starts it again. The number of backups you can keep depends on your plan. To back up on a timetable, add a schedule in the Game Panel's Schedules tool (for example every day at 04:00, before a restart): when the plan's limit is reached it replaces the oldest unlocked backup, and the panel shows when the schedule last ran and when it runs next.",
  },
  {
    id: 'payment-methods',
    question: 'Which payment methods do you accept?',
    answer: 'We accept Visa, Mastercard, PayPal, Google Pay and UPI. Prices are billed monthly in the currency shown on each plan.',
  },
  {
    id: 'upgrades',
    question: 'Can I upgrade or downgrade my plan?',
    answer:
      'You can upgrade at any time from the customer portal; the difference is prorated and your files stay in place. Downgrades take effect at the start of your next billing period.',
  },
  {
    id: 'uptime-guarantee',
    question: 'What does the 99.9% uptime guarantee mean?',
    answer:
      'We guarantee that your service is available at least 99.9% of each month. If we fall short, contact us and we credit your account for the downtime. Live and historical status is on the Network Status page.',
  },
  {
    id: 'world-transfer',
    question: 'Can I transfer my existing Minecraft world?',
    answer:
      "Yes. Create a folder for it in the file manager of the Game Panel, upload the world's files into it (up to 100 MiB each) and set it as level-name in server.properties, which you can edit there too. If you prefer, our support team moves it for you free of charge.",
  },
]);
