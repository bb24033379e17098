import { defineContent, z } from './define.ts';

const companySchema = z.object({
  /** Our Story: founding year and city, then paragraphs. */
  story: z.object({ foundedYear: z.number().int(), city: z.string().min(1), country: z.string().min(1), paragraphs: z.array(z.string().min(20)).min(1) }),
  mission: z.string().min(20),
  /** The about page's numbers. */
  stats: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).length(3),
  /** Company values (about and careers). */
  values: z
    .array(z.object({ name: z.string().min(1), icon: z.enum(['award', 'eye', 'lightbulb', 'users', 'heart', 'rocket']), description: z.string().min(10) }))
    .min(3),
  /** The about page's Join Our Team block. */
  joinTeam: z.object({ title: z.string().min(1), text: z.string().min(10) }),
});

export type Company = z.infer<typeof companySchema>;
export type CompanyValue = Company['values'][number];

/** About the company (/about). */
export const company: Company = defineContent('company', companySchema, {
  story: {
    foundedYear: 2020,
    city: 'Mumbai',
    country: 'India',
    paragraphs: [
      'Hostfront was founded in 2020 in Mumbai, India, by a small group of players who were tired of laggy, oversold game servers. We started with a single rack of AMD EPYC machines and a promise: fast hardware, honest prices and people who answer when you need them.',
      'Today we host Minecraft servers, Discord bots, websites and virtual servers for more than ten thousand customers, from datacenters in Mumbai, Singapore and Frankfurt.',
    ],
  },
  mission: 'To give every gamer, developer and business reliable, high-performance hosting at a fair price, backed by real people around the clock.',
  stats: [
    { value: '10K+', label: 'Happy customers' },
    { value: '99.9%', label: 'Uptime' },
    { value: '100%', label: 'Human support' },
  ],
  values: [
    {
      name: 'Excellence',
      icon: 'award',
      description: 'Enterprise hardware, tuned networks and no oversold nodes: we build the hosting we want to use ourselves.',
    },
    { name: 'Transparency', icon: 'eye', description: 'Clear prices, honest specs and a public status page. No hidden fees and no fine print surprises.' },
    { name: 'Innovation', icon: 'lightbulb', description: 'We keep improving our panel, tools and infrastructure so that your servers get faster every year.' },
  ],
  joinTeam: {
    title: 'Join Our Team',
    text: 'We are always looking for people who love hosting, gaming and helping customers. See where you could fit in.',
  },
});
