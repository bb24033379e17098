import { defineContent, z } from './define.ts';

const testimonialSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** Where the review comes from or who wrote it: "Trustpilot review", "Server owner". */
  role: z.string().min(1),
  /** ISO date (YYYY-MM-DD) of the review. */
  date: z.iso.date(),
  /** Stars, 1 to 5. */
  rating: z.number().int().min(1).max(5),
  title: z.string().min(1),
  text: z.string().min(20).max(320),
});

export type Testimonial = z.infer<typeof testimonialSchema>;

/** The home page carousel: at least three, three visible at a time (docs/decisions.md 21). */
export const testimonials: readonly Testimonial[] = defineContent('testimonials', z.array(testimonialSchema).min(3), [
  {
    id: 'arjun',
    name: 'Arjun Mehta',
    role: 'Trustpilot review',
    date: '2026-09-14',
    rating: 5,
    title: 'Zero lag for our SMP',
    text: 'We moved our 40-player survival server from another host and the TPS has not dropped below 20 since. Setup took less than a minute and support answered at 2 a.m.',
  },
  {
    id: 'sara',
    name: 'Sara Khan',
    role: 'Discord bot developer',
    date: '2026-08-02',
    rating: 5,
    title: 'My bot never sleeps',
    text: 'Three bots on the Pro plan, all online for months. The web console and automatic restarts saved me more than once. Great value for ₹70 a month.',
  },
  {
    id: 'rohan',
    name: 'Rohan Iyer',
    role: 'Google review',
    date: '2026-07-21',
    rating: 4,
    title: 'Solid VPS, fair prices',
    text: 'My budget VPS runs a small store and a few side projects. NVMe storage is quick, the network is stable and the price is hard to beat in India.',
  },
  {
    id: 'emily',
    name: 'Emily Carter',
    role: 'Trustpilot review',
    date: '2026-06-09',
    rating: 5,
    title: 'DDoS attacks, what attacks?',
    text: 'Our network gets hit regularly. Since we moved here the players have not noticed a single attack. The Frankfurt location gives our EU players great ping too.',
  },
]);
