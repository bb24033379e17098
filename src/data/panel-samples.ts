import { defineContent, z } from './define.ts';

/**
 * The static sample content of the control panel's Web, VPS and Dev tabs (docs/decisions.md 30:
 * placeholders only), and the welcome text of the /minecraft-tools console box. Nothing here
 * is live: the page labels these tabs as samples.
 */

const tone = z.enum(['good', 'warn', 'bad', 'neutral']);

const section = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('table'),
    title: z.string().min(1),
    /** Column headings. */
    columns: z.array(z.string().min(1)).min(1),
    /** Cells; a cell may carry a status tone for a coloured badge. */
    rows: z.array(z.array(z.union([z.string(), z.object({ text: z.string(), tone })]))).min(1),
  }),
  z.object({
    kind: z.literal('stats'),
    title: z.string().min(1),
    items: z.array(z.object({ label: z.string().min(1), value: z.string().min(1), tone: tone.optional() })).min(1),
  }),
  z.object({
    kind: z.literal('links'),
    title: z.string().min(1),
    items: z.array(z.object({ label: z.string().min(1), description: z.string().min(1), href: z.string().regex(/^\//) })).min(1),
  }),
]);

const samplePanel = z.object({
  id: z.enum(['web', 'vps', 'dev']),
  /** The tab's label. */
  label: z.string().min(1),
  /** One sentence under the sample label: what this panel would show. */
  intro: z.string().min(1),
  sections: z.array(section).min(1),
});

export type SamplePanel = z.infer<typeof samplePanel>;
export type SampleSection = z.infer<typeof section>;

export const samplePanels: SamplePanel[] = defineContent('panel-samples', z.array(samplePanel).length(3), [
  {
    id: 'web',
    label: 'Web Panel',
    intro: 'How your web hosting looks in the panel: domains, SSL certificates and e-mail accounts.',
    sections: [
      {
        kind: 'table',
        title: 'Domains',
        columns: ['Domain', 'Status', 'Renews'],
        rows: [
          ['example-shop.in', { text: 'Active', tone: 'good' }, '14 Mar 2027'],
          ['myguild.net', { text: 'Active', tone: 'good' }, '02 Aug 2027'],
          ['old-blog.org', { text: 'Expiring soon', tone: 'warn' }, '30 Dec 2026'],
        ],
      },
      {
        kind: 'table',
        title: 'SSL certificates',
        columns: ['Domain', 'Issuer', 'Valid until', 'Status'],
        rows: [
          ['example-shop.in', "Let's Encrypt", '19 Feb 2027', { text: 'Valid', tone: 'good' }],
          ['myguild.net', "Let's Encrypt", '07 Jan 2027', { text: 'Valid', tone: 'good' }],
        ],
      },
      {
        kind: 'table',
        title: 'E-mail accounts',
        columns: ['Address', 'Storage used'],
        rows: [
          ['hello@example-shop.in', '1.2 GB of 5 GB'],
          ['orders@example-shop.in', '640 MB of 5 GB'],
          ['admin@myguild.net', '85 MB of 2 GB'],
        ],
      },
    ],
  },
  {
    id: 'vps',
    label: 'VPS Panel',
    intro: 'How a virtual server looks in the panel: its status, network and backups.',
    sections: [
      {
        kind: 'stats',
        title: 'VPS status',
        items: [
          { label: 'Hostname', value: 'vps-mum-01' },
          { label: 'State', value: 'Running', tone: 'good' },
          { label: 'Operating system', value: 'Ubuntu 24.04 LTS' },
          { label: 'Uptime', value: '23 days, 4 hours' },
          { label: 'CPU', value: '4 vCores · 12% used' },
          { label: 'Memory', value: '3.1 GB of 8 GB' },
        ],
      },
      {
        kind: 'stats',
        title: 'Network',
        items: [
          { label: 'IPv4', value: '203.0.113.24' },
          { label: 'IPv6', value: '2001:db8:24::1/64' },
          { label: 'Port speed', value: '10 Gbps' },
          { label: 'Traffic this month', value: '412 GB in · 1.3 TB out' },
          { label: 'DDoS protection', value: 'Active', tone: 'good' },
        ],
      },
      {
        kind: 'table',
        title: 'Backups',
        columns: ['Snapshot', 'Taken', 'Size', 'Status'],
        rows: [
          ['nightly-2026-11-20', '20 Nov 2026, 03:00', '18.4 GB', { text: 'Complete', tone: 'good' }],
          ['nightly-2026-11-19', '19 Nov 2026, 03:00', '18.1 GB', { text: 'Complete', tone: 'good' }],
          ['before-upgrade', '12 Nov 2026, 22:41', '17.6 GB', { text: 'Kept', tone: 'neutral' }],
        ],
      },
    ],
  },
  {
    id: 'dev',
    label: 'Dev Panel',
    intro: 'How the developer tools look in the panel: API keys, webhooks and documentation.',
    sections: [
      {
        kind: 'table',
        title: 'API keys',
        columns: ['Name', 'Key', 'Created', 'Last used'],
        rows: [
          ['Deploy bot', 'hf_live_••••••••3f9a', '02 Sep 2026', '2 hours ago'],
          ['Monitoring', 'hf_live_••••••••c41e', '15 Oct 2026', '5 minutes ago'],
          ['Old CI', 'hf_live_••••••••77b0', '11 Jan 2026', { text: 'Unused for 90 days', tone: 'warn' }],
        ],
      },
      {
        kind: 'table',
        title: 'Webhooks',
        columns: ['Endpoint', 'Events', 'Status'],
        rows: [
          ['https://hooks.example-shop.in/servers', 'server.started, server.stopped', { text: 'Delivering', tone: 'good' }],
          ['https://ci.myguild.net/hostfront', 'backup.completed', { text: 'Failing (HTTP 500)', tone: 'bad' }],
        ],
      },
      {
        kind: 'links',
        title: 'Documentation',
        items: [
          { label: 'Getting started', description: 'Set up your first server and connect to it.', href: '/knowledge' },
          { label: 'Control panel guide', description: 'Power actions, the console and resource usage.', href: '/knowledge' },
          { label: 'Need help?', description: 'Our team answers around the clock.', href: '/contact' },
        ],
      },
    ],
  },
]);

/** The /minecraft-tools console box: a static welcome ({name} is the server's name). */
export const toolsConsoleWelcome: string[] = defineContent('tools-console-welcome', z.array(z.string().min(1)).min(1), [
  '[Hostfront] Welcome to Minecraft Server Tools.',
  '[Hostfront] Connected to {name}.',
  '[Hostfront] Use Start, Restart and Stop above; usage refreshes every 10 seconds.',
  '[Hostfront] For the live console and commands, open the Control Panel.',
]);
