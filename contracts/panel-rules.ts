/**
 * The panel's rules that the browser and the server both apply. No dependencies, so the page's
 * bundle carries only these few lines.
 */

/** The longest console command accepted. */
export const maxCommandLength = 1000;

/** Console lines kept per server (and in the page) for late viewers, search and download. */
export const consoleKeptLines = 5000;
/** Files the editor opens and saves: at most 1 MiB of text (UTF-8 bytes). */
export const maxEditBytes = 1024 * 1024;
/** One upload: at most 100 MiB (Wings' own default limit is 100 MB, a little less). */
export const maxUploadBytes = 100 * 1024 * 1024;
/** The longest path the file routes take (Linux PATH_MAX). */
export const maxPathLength = 4096;
/** The longest backup name (the panel's column). */
export const maxBackupNameLength = 191;
/** The resource history's ranges: the last hour and the last 24 hours. */
export const historyRanges = ['1h', '24h'] as const;

/** Control characters: a line break would make one audited command run as several. */
const controlCharacter = /[\u0000-\u001f\u007f]/;

/**
 * Checks one console command as typed: at most 1,000 characters, one line, no control
 * characters. Returns the command to send (spaces around it trimmed), or what is wrong.
 */
export function checkCommand(raw: string): { ok: true; command: string } | { ok: false; message: string } {
  const command = raw.trim();
  if (!command) return { ok: false, message: 'Type a command to send.' };
  if (command.length > maxCommandLength) return { ok: false, message: `A command is at most ${maxCommandLength.toLocaleString('en-US')} characters.` };
  if (controlCharacter.test(command)) return { ok: false, message: 'A command is one line, without control characters: send each command on its own.' };
  return { ok: true, command };
}

// A schedule's limits, here rather than in schedule-rules.ts so that panel.ts's schemas read
// them without importing the module that reads panel.ts's types.
export const maxScheduleNameLength = 100;
export const maxScheduleTasks = 10;
/** The longest wait before a task: Pterodactyl's own limit for a task's time offset. */
export const maxTaskDelaySeconds = 900;
export const maxCronFieldLength = 100;
