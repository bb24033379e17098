import type { ComponentType, ReactNode } from 'react';
import { Card, CardHeader, CardTitle } from '../ui/Card.tsx';

/**
 * The frame of a panel tool (files, backups, schedules): a card section headed by the tool's
 * icon and name, with its actions on the right of the heading.
 */
export function ToolFrame({
  ids,
  icon,
  title,
  actions,
  testId,
  children,
}: {
  /** The tool's id prefix (useId): the heading is `${ids}-heading`. */
  ids: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={`${ids}-heading`} data-testid={testId}>
      <CardHeader>
        <CardTitle id={`${ids}-heading`} icon={icon}>
          {title}
        </CardTitle>
        {actions}
      </CardHeader>
      {children}
    </Card>
  );
}

/** A tool's status line: what the last action did, read out politely. */
export function ToolStatus({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p role="status" className="px-4 pt-2 text-sm text-slate-300 sm:px-5" data-testid={testId}>
      {children}
    </p>
  );
}
