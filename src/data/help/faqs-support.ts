import type { HelpFaqInput } from './schema.ts';

/** The help assistant's questions on technical trouble (lag, connecting, outages) and on reaching our team. */
export const supportFaqs: HelpFaqInput[] = [
  {
    id: 'technical-lag',
    category: 'technical',
    question: 'Why is my server lagging?',
    answer:
      'First see where the lag comes from. In the Game Panel, watch the CPU and memory charts: memory at the limit or CPU at 100% means the server needs an optimised build (Paper), fewer heavy plugins or mods, or a bigger plan (upgrades keep your files). Read the console for errors and "Can\'t keep up" lines. If only some players lag, compare your latency to each location on our home page and check the Network Status page for an incident. Still lagging? Talk to a person and we look at it with you.',
    keywords: ['lag', 'lagging', 'laggy', 'slow', 'tps', 'ping', 'latency', 'stutter', 'performance', 'freeze', 'rubberband'],
    links: [
      { text: 'Open the Control Panel', url: '/control-panel' },
      { text: 'Network Status', url: '/network-status' },
    ],
  },
  {
    id: 'technical-wont-start',
    category: 'technical',
    question: 'My server will not start or keeps crashing. What do I do?',
    answer:
      "Open the console in the Game Panel and read its last lines: they say why it stopped (a broken plugin or mod, a bad config, not enough memory). Search the console's last 5,000 lines or download them, remove or fix what it names with the file manager, and start again. If you changed something just before, restore a backup.",
    keywords: ['crash', 'crashing', 'offline', 'not starting', 'error', 'broken', 'down', 'stopped'],
    links: [{ text: 'Open the Control Panel', url: '/control-panel' }],
  },
  {
    id: 'technical-outage',
    category: 'technical',
    question: 'Is there an outage right now?',
    answer:
      'The Network Status page shows every location and service live, open incidents and planned maintenance, and the last 90 days. Subscribe there by e-mail or webhook to hear about incidents as they happen.',
    keywords: ['outage', 'down', 'status', 'maintenance', 'incident', 'uptime'],
    links: [{ text: 'Network Status', url: '/network-status' }],
  },
  {
    id: 'support-person',
    category: 'support',
    question: 'How do I talk to a person?',
    answer:
      'Press "Talk to a person" below: when someone of our team is available you chat live; when nobody is, leave your e-mail address and we answer there, with a link to carry on the conversation. You can also write to us from the Contact page.',
    keywords: ['human', 'agent', 'staff', 'live chat', 'contact', 'help', 'support', 'ticket'],
    links: [{ text: 'Contact Support', url: '/contact' }],
  },
  {
    id: 'support-follow-up',
    category: 'support',
    question: 'How do I follow up on a conversation with your team?',
    answer:
      'Every reply you have not read yet is e-mailed to you (when you left your address), with a link that opens the conversation in your browser, on any device; answer there. In the same browser the help assistant also keeps your conversation open. When it is resolved, you can ask for the whole transcript by e-mail, sent to your address once you confirmed it.',
    keywords: ['reply', 'answer', 'transcript', 'e-mail', 'email', 'conversation', 'ticket status', 'follow up'],
    links: [{ text: 'Contact Support', url: '/contact' }],
  },
];
