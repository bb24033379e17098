import type { PlayerListKind } from '../../contracts/minecraft-players-rules.ts';

/** The words of the Game Panel's Minecraft tools (docs/decisions.md 110-112). */
export const minecraftTexts = {
  label: 'Minecraft tools',
  tools: { players: 'Players', settings: 'Settings', version: 'Version' },
  players: {
    heading: 'Whitelist, operators and bans',
    lists: { whitelist: 'Whitelist', ops: 'Operators', bans: 'Bans' } satisfies Record<PlayerListKind, string>,
    explain: {
      whitelist: 'Who may join while the whitelist is on (Settings).',
      ops: 'Who may use the server’s commands in the game.',
      bans: 'Who may not join. A ban removes a player who is in the game.',
    } satisfies Record<PlayerListKind, string>,
    viaConsole: 'The server is running: changes are sent as console commands and apply at once.',
    viaFiles: 'The server is stopped: changes are written to its list files and apply when it starts.',
    unsupported: 'This server’s program does not keep this list.',
    supportedLine: (lists: string) => `This server’s program keeps: ${lists}.`,
    nameLabel: 'Player name',
    nameHint: '3 to 16 letters, digits or underscores.',
    add: { whitelist: 'Add to whitelist', ops: 'Make operator', bans: 'Ban' } satisfies Record<PlayerListKind, string>,
    remove: { whitelist: 'Remove', ops: 'Remove', bans: 'Pardon' } satisfies Record<PlayerListKind, string>,
    removeLabel: (action: string, name: string) => `${action} ${name}`,
    empty: 'Nobody on this list.',
    loading: 'Reading the lists…',
  },
  settings: {
    intro: 'The common keys of server.properties. Everything else in the file, comments included, is kept as it is.',
    motdHint: 'Two lines at most. § and a code colour the text: §6 gold, §c red, §a green, §l bold, §o italic, §r plain.',
    preview: 'How the server list shows it',
    options: {
      difficulty: { peaceful: 'Peaceful', easy: 'Easy', normal: 'Normal', hard: 'Hard' },
      gamemode: { survival: 'Survival', creative: 'Creative', adventure: 'Adventure', spectator: 'Spectator' },
    },
    pvpLabel: 'Players can hurt each other (PvP)',
    whitelistLabel: 'Only players on the whitelist may join',
    onlineLabel: 'Check players’ Mojang accounts (online mode)',
    onlineWarning:
      'Turned off, anyone can join under any name, an operator’s included, unless the whitelist is on. Leave it on unless a proxy (Velocity, BungeeCord) checks accounts for this server.',
    seedLocked: 'The world already exists: a new seed applies only to a new world.',
    seedHint: 'Empty: a random seed.',
    save: 'Save settings',
    saving: 'Saving…',
    restart: 'Restart now',
    restarting: 'Restarting the server…',
    loading: 'Reading server.properties…',
    newFile: 'There is no server.properties yet: saving makes one.',
  },
} as const;
