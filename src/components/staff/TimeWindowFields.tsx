import { FormField } from './FormField.tsx';
import { input } from './staff-styles.ts';

interface TimeWindowFieldsProps {
  /** The form's id, for the fields' ids (`<id>-start`, `<id>-end`). */
  id: string;
  /** datetime-local values in the reader's time zone (local-time.ts). */
  startsAt: string;
  endsAt: string;
  onStartsAt: (value: string) => void;
  onEndsAt: (value: string) => void;
  /** The server's messages for `startsAt` and `endsAt`, if any. */
  errors: { startsAt?: string | undefined; endsAt?: string | undefined };
}

/**
 * A start and an end in the reader's own time zone, each with the server's message beside it:
 * an announcement's window and a maintenance window are scheduled with the same two fields.
 */
export function TimeWindowFields({ id, startsAt, endsAt, onStartsAt, onEndsAt, errors }: TimeWindowFieldsProps) {
  return (
    <>
      <FormField id={`${id}-start`} label="Starts" error={errors.startsAt}>
        <input type="datetime-local" className={input} value={startsAt} onChange={(e) => onStartsAt(e.target.value)} required />
      </FormField>
      <FormField id={`${id}-end`} label="Ends" error={errors.endsAt}>
        <input type="datetime-local" className={input} value={endsAt} onChange={(e) => onEndsAt(e.target.value)} required />
      </FormField>
    </>
  );
}
