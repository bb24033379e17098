import type { HelpFaqInput } from './schema.ts';

/** The help assistant's Minecraft questions: setting up, running, sizing, plugins and moving a server. */
export const minecraftFaqs: HelpFaqInput[] = [
  {
    id: 'minecraft-create',
    category: 'minecraft',
    question: 'How do I create a Minecraft server?',
    answer:
      'Choose a Minecraft plan (AMD EPYC or Intel Xeon) and complete your order: the server is set up in under 60 seconds. Then connect to it in the control panel with your server ID and access key.',
    keywords: ['buy', 'order', 'new server', 'setup'],
    links: [
      { text: 'Minecraft AMD plans', url: '/minecraft-amd' },
      { text: 'Open the Control Panel', url: '/control-panel' },
    ],
  },
  {
    id: 'minecraft-manage',
    category: 'minecraft',
    question: 'How do I start, stop or restart my Minecraft server?',
    answer:
      'Open Minecraft Tools, connect with your server ID and access key, and use the Start, Restart and Stop buttons. You also see CPU, memory and disk usage live.',
    keywords: ['power', 'reboot', 'turn on', 'turn off'],
    links: [
      { text: 'Minecraft Tools', url: '/minecraft-tools' },
      { text: 'Knowledge Base', url: '/knowledge' },
    ],
  },
  {
    id: 'minecraft-ram',
    category: 'minecraft',
    question: 'How much RAM do I need for my players?',
    answer:
      'Our RAM calculator sizes it: 2 GB to start, plus 2 GB for every 5 players. So 10 players need about 6 GB and 20 players about 10 GB on a vanilla server; an optimised server (Paper, Purpur) adds 1 GB, a modded one 2 GB plus 0.5 GB per mod, and Bedrock needs 1 GB less. Every Minecraft plan has unlimited player slots: the RAM is what limits how many play smoothly, and you can upgrade at any time.',
    keywords: ['memory', 'gb', 'players', 'player count', 'slots', 'size', 'which plan', 'how big', 'calculator'],
    links: [
      { text: 'RAM calculator', url: '/minecraft-intel' },
      { text: 'Minecraft AMD plans', url: '/minecraft-amd' },
    ],
  },
  {
    id: 'minecraft-plugins',
    category: 'minecraft',
    question: 'How do I install plugins, mods or a modpack?',
    answer:
      'Upload the plugin or mod files (up to 100 MiB each) into the plugins or mods folder with the file manager of the Game Panel, edit their configs there, then restart the server. Plugins need Paper or Spigot, mods need Forge or Fabric. Modpacks need more memory: size your plan with the RAM calculator.',
    keywords: ['plugin', 'mod', 'modpack', 'forge', 'fabric', 'paper', 'spigot', 'install', 'upload', 'addon'],
    links: [
      { text: 'Open the Control Panel', url: '/control-panel' },
      { text: 'RAM calculator', url: '/minecraft-intel' },
    ],
  },
  {
    id: 'minecraft-move',
    category: 'minecraft',
    question: 'How do I move my server or world from another host?',
    answer:
      'Download the world folder (and your plugins and configs) from your old host, then upload them with the file manager of the Game Panel (up to 100 MiB a file) and set level-name in server.properties, which you can edit there too. Make a backup first, so you can go back. If you prefer, our support team moves it for you free of charge.',
    keywords: ['migrate', 'migration', 'transfer', 'switch host', 'import world', 'move'],
    links: [
      { text: 'Open the Control Panel', url: '/control-panel' },
      { text: 'Knowledge Base', url: '/knowledge#world-transfer' },
    ],
  },
];
