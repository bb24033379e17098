import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { FormField } from './FormField.tsx';
import { MonitorChoice } from './MonitorChoice.tsx';
import { Notice } from './Notice.tsx';
import { card, input, muted, subTitle } from './staff-styles.ts';
import type { BoardMonitor } from './use-board-section.ts';

/**
 * A form that puts something on the public board (an incident, a maintenance window): its
 * heading, its own fields, the monitors it concerns, the message customers see, what a refusal
 * said, and its submit button. Its ids start with `id`, as its own fields' do.
 */
export function AnnouncementForm({
  id,
  title,
  intro,
  onSubmit,
  children,
  monitors,
  message,
  error,
  busy,
  submitLabel,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The form's own fields, between the introduction and the monitors. */
  children: ReactNode;
  monitors: {
    legend: string;
    hint?: string;
    monitors: readonly BoardMonitor[];
    chosen: string[];
    onChange: (ids: string[]) => void;
    error?: string | undefined;
  };
  message: { label: string; hint: string; value: string; onChange: (value: string) => void; error?: string | undefined; minHeight: string };
  error: string | undefined;
  busy: boolean;
  /** The submit button's icon and words. */
  submitLabel: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={subTitle}>
        {title}
      </h2>
      <p className={`mt-1 ${muted}`}>{intro}</p>
      {children}
      <div className="mt-4">
        <MonitorChoice id={`${id}-monitors`} {...monitors} />
      </div>
      <div className="mt-4">
        <FormField id={`${id}-message`} label={message.label} hint={message.hint} error={message.error}>
          <textarea
            className={`${input} ${message.minHeight}`}
            value={message.value}
            onChange={(e) => message.onChange(e.target.value)}
            maxLength={5000}
            required
          />
        </FormField>
      </div>
      <div className="mt-4">
        <Notice tone="error">{error}</Notice>
      </div>
      <Button type="submit" className="mt-4" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
