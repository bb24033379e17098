/**
 * The Game Panel's words: labels, states and messages of players, history, console search,
 * files and backups. Typed, without a schema at run time, because the panel's islands import it
 * and a schema library would weigh more than the words (docs/decisions.md 7).
 */

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const panelTexts = {
  tools: {
    label: 'Server tools',
    tabs: { console: 'Console', files: 'Files', backups: 'Backups', history: 'History', minecraft: 'Minecraft' },
    loading: 'Loading…',
  },

  players: {
    heading: 'Players',
    online: (online: number, max: number) => `${online.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} online`,
    nobody: 'Nobody is playing right now.',
    /** Minecraft lists at most 12 names in its answer. */
    partial: (shown: number, online: number) => `Showing ${shown} of ${online} names: the server lists only a sample.`,
    offline: 'The server is offline: start it to see who is playing.',
    notMinecraft: 'This is not a Minecraft server, so there is no player list to show.',
    notAnswering: (reason: string) => `The game port is not answering: ${reason}`,
    checking: 'Asking the server who is online…',
    failed: 'The player list could not be read. It is tried again with the next usage update.',
  },

  history: {
    heading: 'Resource history',
    ranges: { '1h': 'Last hour', '24h': 'Last 24 hours' },
    rangeLabel: 'Time range',
    intro:
      'Samples are taken every minute for servers used in the panel in the last 24 hours, and kept for 7 days. Live readings are added while this page is open.',
    metrics: { cpu: 'CPU', memory: 'Memory', disk: 'Disk' },
    empty: 'No samples yet: the first is taken within a minute of connecting.',
    failed: 'The history could not be loaded.',
    summary: (metric: string, range: string, low: string, high: string, latest: string) =>
      `${metric} over the ${range.toLowerCase()}: lowest ${low}, highest ${high}, latest ${latest}.`,
    tableCaption: (range: string) => `Averages over the ${range.toLowerCase()}`,
    showTable: 'Show the figures as a table',
    time: 'Time',
  },

  console: {
    search: 'Search the console',
    searchPlaceholder: 'Search the kept lines…',
    matches: (found: number, kept: number) => `${count(found, 'line matches', 'lines match')} of ${count(kept, 'line', 'lines')} kept.`,
    noMatches: 'No line matches.',
    clear: 'Clear search',
    download: 'Download log',
    /** Under the command input while the server cannot take commands (Send is off then). */
    offline: 'The server is offline, so it cannot receive commands: start it first.',
    /** When a command could not be delivered and the server gave no reason. */
    sendFailed: 'The command could not be sent. Try again.',
    downloadHint: 'The last 5,000 lines, as a text file.',
  },

  files: {
    heading: 'Files',
    breadcrumbs: 'Folder path',
    root: 'Server folder',
    name: 'Name',
    size: 'Size',
    modified: 'Modified',
    actions: 'Actions',
    empty: 'This folder is empty.',
    loading: 'Loading the folder…',
    folder: 'Folder',
    link: 'Link',
    binary: 'Download only',
    binaryHint: 'Binary or larger than 1 MiB: it can be downloaded, not edited here.',
    open: (name: string) => `Open ${name}`,
    openFolder: (name: string) => `Open folder ${name}`,
    download: (name: string) => `Download ${name}`,
    rename: (name: string) => `Rename ${name}`,
    remove: (name: string) => `Delete ${name}`,
    newFolder: 'New folder',
    upload: 'Upload file',
    refresh: 'Refresh',
    up: 'Up one folder',
    editor: {
      label: (path: string) => `Contents of ${path}`,
      save: 'Save',
      saving: 'Saving…',
      close: 'Close',
      saved: (path: string) => `Saved ${path}.`,
      unsaved: 'Unsaved changes',
      tooLarge: 'The text is larger than 1 MiB, the most the editor saves.',
      discardTitle: 'Discard your changes?',
      discardBody: (path: string) => `The changes to ${path} have not been saved.`,
      discard: 'Discard changes',
    },
    prompts: {
      newFolderTitle: 'New folder',
      newFolderLabel: 'Folder name',
      renameTitle: (name: string) => `Rename ${name}`,
      renameLabel: 'New name',
      nameHint: 'A name, or a path such as plugins/config. Inside the server folder only.',
      create: 'Create folder',
      rename: 'Rename',
      cancel: 'Cancel',
    },
    confirmDelete: {
      title: (name: string) => `Delete ${name}?`,
      file: 'The file is deleted from the server. This cannot be undone.',
      folder: 'The folder and everything in it are deleted from the server. This cannot be undone.',
      confirm: 'Delete',
    },
    uploadProgress: (name: string) => `Uploading ${name}`,
    uploadStep: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
    uploaded: (name: string) => `Uploaded ${name}.`,
    uploadTooLarge: 'The file is larger than the upload limit of 100 MiB.',
    uploadFailed: (name: string, reason: string) => `${name} was not uploaded: ${reason}`,
    created: (name: string) => `Created the folder ${name}.`,
    renamed: (from: string, to: string) => `Renamed ${from} to ${to}.`,
    deleted: (name: string) => `Deleted ${name}.`,
  },

  backups: {
    heading: 'Backups',
    usage: (used: number, limit: number) => `${used} of ${limit} backups used`,
    none: 'No backups yet.',
    notIncluded: "Backups are not part of this server's plan.",
    name: 'Backup name',
    namePlaceholder: 'e.g. Before the 1.21 update',
    create: 'Create backup',
    creating: 'Creating…',
    atLimit: (limit: number) => `This server has reached its limit of ${limit} backup${limit === 1 ? '' : 's'}: delete one to make room for a new one.`,
    started: (name: string) => `Backup ${name} started. It is listed as ready once complete.`,
    columns: { name: 'Name', size: 'Size', date: 'Created', state: 'State', actions: 'Actions' },
    states: { creating: 'Being made…', ready: 'Ready', failed: 'Failed' },
    locked: 'Locked',
    actions: { download: 'Download', restore: 'Restore', lock: 'Lock', delete: 'Delete' },
    /** The lock is a toggle button: pressed while the backup is locked. */
    lock: (name: string) => `Lock ${name}`,
    lockHint: 'A locked backup cannot be deleted.',
    download: (name: string) => `Download ${name}`,
    restore: (name: string) => `Restore ${name}`,
    remove: (name: string) => `Delete ${name}`,
    restoring: "A backup is being restored: the server's files are being replaced. The server starts again afterwards if it was running.",
    restoreDone: 'The restore has finished.',
    ready: (name: string) => `Backup ${name} is ready.`,
    failedNow: (name: string) => `Backup ${name} failed.`,
    confirmRestore: {
      title: (name: string) => `Restore ${name}?`,
      body: "The server will be stopped, its files replaced by this backup's, and started again if it was running. Changes made since the backup are lost.",
      confirm: 'Stop and restore',
    },
    confirmDelete: {
      title: (name: string) => `Delete ${name}?`,
      body: 'The backup is deleted for good. This cannot be undone.',
      confirm: 'Delete backup',
    },
    restoreStarted: (name: string) => `Restoring ${name}: the server is being stopped.`,
    deleted: (name: string) => `Deleted ${name}.`,
  },

  permissionsNote: 'Your access key does not allow everything here; what it cannot do is hidden.',
} as const;

export type PanelTexts = typeof panelTexts;
