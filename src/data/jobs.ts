import { defineContent, z } from './define.ts';

const jobSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  department: z.string().min(1),
  location: z.string().min(1),
  type: z.enum(['Full-time', 'Part-time', 'Contract']),
  description: z.string().min(20),
  requirements: z.array(z.string().min(3)).min(1),
  benefits: z.array(z.string().min(3)).min(1),
});

const careersSchema = z.object({
  intro: z.string().min(20),
  /** Company values shown on /careers. */
  values: z.array(z.object({ name: z.string().min(1), icon: z.enum(['users', 'rocket', 'heart', 'globe']), description: z.string().min(10) })).min(3),
  /** Open positions, each with Apply Now. */
  positions: z.array(jobSchema).length(3),
  resume: z.object({ title: z.string().min(1), text: z.string().min(10) }),
});

export type Careers = z.infer<typeof careersSchema>;
export type JobPosition = z.infer<typeof jobSchema>;

/** Careers (/careers). */
export const careers: Careers = defineContent('jobs', careersSchema, {
  intro: 'We are a small, fast-moving team in Mumbai and around the world. Help us build the hosting platform gamers and developers love.',
  values: [
    { name: 'Customers First', icon: 'heart', description: 'Every decision starts with the people who run their communities on our servers.' },
    { name: 'Ownership', icon: 'rocket', description: 'Small teams, real responsibility, and the freedom to ship improvements every week.' },
    { name: 'Teamwork', icon: 'users', description: 'We share knowledge openly and help each other, across support, ops and development.' },
    { name: 'Remote Friendly', icon: 'globe', description: 'Work from our Mumbai office or from home, with flexible hours across time zones.' },
  ],
  positions: [
    {
      id: 'support-engineer',
      title: 'Customer Support Engineer',
      department: 'Support',
      location: 'Mumbai, India / Remote',
      type: 'Full-time',
      description: 'Help our customers around the clock with game servers, VPS and web hosting, by chat, e-mail and tickets.',
      requirements: ['Experience with Minecraft servers or Linux hosting', 'Clear written English; Hindi is a plus', 'Willingness to work rotating shifts'],
      benefits: ['Health insurance', 'Shift allowance', 'Free hosting for your own projects'],
    },
    {
      id: 'systems-engineer',
      title: 'Linux Systems Engineer',
      department: 'Infrastructure',
      location: 'Mumbai, India',
      type: 'Full-time',
      description: 'Run and automate our fleet of AMD EPYC servers, the 10 Gbps network and our DDoS protection across three datacenters.',
      requirements: ['3+ years of Linux administration', 'Experience with KVM, networking and monitoring', 'Automation with Ansible, Terraform or similar'],
      benefits: ['Health insurance', 'Hardware and training budget', 'On-call compensation'],
    },
    {
      id: 'full-stack-developer',
      title: 'Full-Stack Developer',
      department: 'Engineering',
      location: 'Remote',
      type: 'Full-time',
      description: 'Build our website, customer portal and game panel with TypeScript, React and Node.js.',
      requirements: ['Strong TypeScript, React and Node.js', 'Experience with SQL databases and REST APIs', 'Care for accessibility and performance'],
      benefits: ['Fully remote', 'Flexible hours', 'Learning budget'],
    },
  ],
  resume: {
    title: "Don't see the right role?",
    text: 'Send us your resume and tell us how you would like to help. We read every application.',
  },
});
