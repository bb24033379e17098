/**
 * The console input's command history, as in a terminal: Up recalls older commands, Down newer
 * ones and finally what was being typed before. Pure functions over an immutable value, so the
 * component only keeps the latest one in state.
 */
export interface CommandHistory {
  /** Sent commands, oldest first. */
  readonly entries: readonly string[];
  /** The entry shown, or undefined while the visitor types a new command. */
  readonly position: number | undefined;
  /** What was typed before the first Up, given back after the last Down. */
  readonly draft: string;
}

/** Commands kept; older ones drop off. */
export const historyLimit = 50;

export const emptyHistory: CommandHistory = { entries: [], position: undefined, draft: '' };

/** After a command was sent: it becomes the newest entry (once, if repeated) and browsing ends. */
export function remember(history: CommandHistory, command: string): CommandHistory {
  const entries = history.entries.at(-1) === command ? history.entries : [...history.entries, command].slice(-historyLimit);
  return { entries, position: undefined, draft: '' };
}

/** Up: the next older entry (or stays on the oldest); undefined when there is none to show. */
export function older(history: CommandHistory, typed: string): { history: CommandHistory; text: string } | undefined {
  if (history.entries.length === 0) return undefined;
  const position = history.position === undefined ? history.entries.length - 1 : Math.max(0, history.position - 1);
  const draft = history.position === undefined ? typed : history.draft;
  return { history: { ...history, position, draft }, text: history.entries[position]! };
}

/** Down: the next newer entry, then the draft; undefined when not browsing. */
export function newer(history: CommandHistory): { history: CommandHistory; text: string } | undefined {
  if (history.position === undefined) return undefined;
  const position = history.position + 1;
  if (position >= history.entries.length) return { history: { ...history, position: undefined, draft: '' }, text: history.draft };
  return { history: { ...history, position }, text: history.entries[position]! };
}
