/**
 * The Game Panel's "Mods & plugins" tool: its labels and messages. Typed, without a schema at run
 * time, like panel-texts.ts (docs/decisions.md 7). What the tool does is docs/decisions.md 106–109.
 */
import type { ContentKind } from '../../contracts/modrinth-rules.ts';

const count = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} M` : n >= 1_000 ? `${Math.round(n / 1_000)} k` : String(n));

export const modrinthTexts = {
  tab: 'Mods & plugins',
  heading: 'Mods & plugins',
  loading: 'Reading what your server runs…',
  server: {
    legend: 'Your server',
    software: 'Software',
    chooseSoftware: 'Choose…',
    version: 'Minecraft version',
    versionHint: 'Such as 1.21.4',
    kind: 'Show',
    detected: {
      variables: 'read from the server’s startup variables',
      files: 'read from the server’s files',
      server: 'as the server reports it',
      none: 'not found: choose it',
    },
    needBoth: 'Choose your server’s software and Minecraft version to see what fits it.',
  },
  kinds: { plugin: 'Plugins', mod: 'Mods', datapack: 'Datapacks' } satisfies Record<ContentKind, string>,
  installed: {
    heading: 'Installed from Modrinth',
    none: 'Nothing installed with this tool yet.',
    missing: 'File no longer there',
    updateTo: (version: string) => `Update to ${version}`,
    update: (title: string, version: string) => `Update ${title} to ${version}`,
    remove: (title: string) => `Remove ${title}`,
    updateShort: 'Update',
    removeShort: 'Remove',
    upToDate: 'Up to date',
  },
  search: {
    heading: 'Find on Modrinth',
    label: 'Search Modrinth',
    placeholder: 'EssentialsX, LuckPerms, Lithium…',
    submit: 'Search',
    searching: 'Searching…',
    results: (total: number) => `${total.toLocaleString('en-US')} project${total === 1 ? '' : 's'} fit your server`,
    none: 'Nothing on Modrinth fits this server for that search.',
    downloads: (n: number) => `${count(n)} downloads`,
    updated: (date: string) => `updated ${date}`,
    by: (author: string) => `by ${author}`,
    more: 'Show more',
    install: (title: string) => `Install ${title}`,
    installShort: 'Install',
    installed: 'Installed',
  },
  plan: {
    reading: 'Finding the version that fits…',
    version: (version: string, file: string) => `Version ${version} (${file})`,
    required: 'Required with it:',
    confirm: 'Install',
    installing: 'Installing…',
    cancel: 'Cancel',
  },
  restart: 'Restart now',
  restarting: 'Restarting the server…',
  working: 'Working…',
} as const;
