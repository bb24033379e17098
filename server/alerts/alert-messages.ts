import type { AlertMessageKind } from './alert-deliveries-repository.ts';

/** One alert message, before it is shaped for a channel. */
export interface AlertMessage {
  kind: AlertMessageKind;
  /** The first line: "Down: Game node 3". */
  headline: string;
  /** What happened, a few plain lines. */
  lines: string[];
  /** Labelled facts (Monitor, Since, From…). */
  fields: { name: string; value: string }[];
  /** Where the team looks: the console's Alerts section. */
  consoleUrl: string;
  /** The signed link that acknowledges without signing in (firing alerts only). */
  ackUrl: string | null;
  /** An id the receiver may use to drop a repeat (the delivery's). */
  key: string;
  at: number;
  /** For the generic JSON webhook: the machine-readable facts. */
  data: Record<string, unknown>;
}

/** Colours by kind: red down, amber reminder, green recovered, indigo otherwise. */
export const colours: Record<AlertMessageKind, number> = { down: 0xdc2626, reminder: 0xf59e0b, recovered: 0x16a34a, test: 0x4f46e5, notice: 0x4f46e5 };
/** A text cut to `max` characters, an ellipsis last when cut. */
export const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The plain text: mail bodies, and any kind that sends words alone. Each kind's own format is its module's (channel-kinds/). */
export function plainText(m: AlertMessage): string {
  return [
    m.headline,
    '',
    ...m.lines,
    ...(m.fields.length ? ['', ...m.fields.map((f) => `${f.name}: ${f.value}`)] : []),
    '',
    ...(m.ackUrl ? [`Acknowledge (stops the reminders): ${m.ackUrl}`] : []),
    `Open the console: ${m.consoleUrl}`,
    '',
  ].join('\n');
}
