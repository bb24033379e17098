import { BellOff, Megaphone, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { StaffAlert } from '../../../contracts/alerts.ts';
import { Button } from '../ui/Button.tsx';
import { AlertChannels } from './AlertChannels.tsx';
import { alertsApi } from './alerts-api.ts';
import { CardSection } from './CardSection.tsx';
import { formatDateTime, formatRelative } from './format.ts';
import { FormField } from './FormField.tsx';
import { Notice } from './Notice.tsx';
import type { SectionProps } from './section-props.ts';
import { badge, badgeTones, input, muted } from './staff-styles.ts';
import { useBoardSection } from './use-board-section.ts';
import { useFormSubmit } from './use-form-submit.ts';

const stateBadges: Record<StaffAlert['state'], { text: string; tone: keyof typeof badgeTones }> = {
  firing: { text: 'Down, not acknowledged', tone: 'bad' },
  acknowledged: { text: 'Acknowledged', tone: 'warn' },
  recovered: { text: 'Recovered', tone: 'good' },
};

/** The list is read again this often while the section is open: alerts come by themselves. */
const refreshMs = 15_000;

function AutoPublish({ minutes, onSaved, problem }: { minutes: number; onSaved: (said: string) => void; problem: (e: unknown) => string }) {
  const [value, setValue] = useState(String(minutes));
  const { fields, error, busy, submit } = useFormSubmit(problem);
  const id = useId();
  useEffect(() => setValue(String(minutes)), [minutes]);
  const save = submit(async () => {
    const n = value.trim() === '' ? 0 : Number(value);
    await alertsApi.setAutoPublish(n);
    onSaved(n > 0 ? `Draft incidents now publish by themselves after ${n} minutes.` : 'Draft incidents now wait for someone to publish them.');
  });
  return (
    <form onSubmit={save} noValidate className="mt-3 flex flex-wrap items-end gap-3">
      <div className="w-full max-w-xs">
        <FormField
          id={`${id}-minutes`}
          label="Publish drafts by themselves after (minutes)"
          hint="0: never; a person publishes."
          error={fields.autoPublishMinutes}
        >
          <input className={input} value={value} onChange={(e) => setValue(e.target.value)} inputMode="numeric" />
        </FormField>
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        Save
      </Button>
      <div className="w-full">
        <Notice tone="error">{error}</Notice>
      </div>
    </form>
  );
}

/** A draft's name for its buttons: one monitor's outages can leave several drafts of one title. */
/** "A", "A and B", "A, B and C". */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function draftName(a: StaffAlert): string {
  return `${a.draft!.title}, down since ${formatDateTime(a.startedAt)}`;
}

/**
 * Alerts (everyone on the team): the monitors that went down, with Acknowledge; the draft
 * incidents they prepared, with Publish (incidents.manage); for admins, the auto-publish delay and
 * the alert channels.
 */
export function AlertsSection({ me, problem }: SectionProps) {
  const { list, monitors, error, status, changed, failed } = useBoardSection(() => alertsApi.alerts(), problem);
  const admin = me.permissions.includes('monitors.manage');
  const writes = me.permissions.includes('incidents.manage');
  const [busy, setBusy] = useState<string>();

  useEffect(() => {
    const timer = setInterval(() => void list.reload(), refreshMs);
    return () => clearInterval(timer);
  }, [list.reload]);

  const act = async (key: string, work: () => Promise<unknown>, said: string) => {
    setBusy(key);
    try {
      await work();
      changed(said);
    } catch (e) {
      failed(e);
      void list.reload();
    } finally {
      setBusy(undefined);
    }
  };

  const alerts = list.data?.alerts ?? [];
  const drafts = alerts.filter((a) => a.draft?.state === 'draft');
  return (
    <div className="space-y-6">
      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{status}</Notice>
      <CardSection id="alert-list" title="Recent alerts">
        {list.data ? (
          alerts.length === 0 ? (
            <p className={`mt-3 ${muted}`}>No monitor is down, and none recovered in the last 24 hours.</p>
          ) : (
            <ul className="mt-3 divide-y divide-white/10">
              {alerts.map((a) => (
                <li key={a.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-center" data-alert-id={a.id}>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                      {a.monitorName} <span className={`${badge} ${badgeTones[stateBadges[a.state].tone]}`}>{stateBadges[a.state].text}</span>
                    </p>
                    <p className="mt-1 text-sm text-slate-300">
                      Down since <time dateTime={new Date(a.startedAt).toISOString()}>{formatDateTime(a.startedAt)}</time>
                      {a.locations.length ? ` · from ${a.locations.join(', ')}` : ''}
                      {a.detail ? ` · ${a.failure ?? a.detail} (${a.detail})` : ''}
                    </p>
                    <p className="mt-1 text-xs text-slate-400">
                      {a.acknowledgedAt ? `Acknowledged by ${a.acknowledgedBy ?? 'someone'} ${formatRelative(a.acknowledgedAt)}. ` : ''}
                      {a.recoveredAt ? `Recovered ${formatRelative(a.recoveredAt)}. ` : ''}
                      {a.deliveries.length
                        ? `Sent: ${a.deliveries.map((d) => `${d.kind} to ${d.channelName} (${d.status === 'delivered' ? 'sent' : d.status === 'pending' ? 'waiting' : 'failed'})`).join(', ')}.`
                        : 'When it went down, no channel covered this monitor: nobody was told.'}
                    </p>
                    {/* Then and now are two facts: channels added since cover the next outage, not this one. */}
                    {a.deliveries.length === 0 && (
                      <p className="mt-1 text-xs text-slate-400" data-testid="alert-channels-now">
                        {a.channelsNow.length
                          ? `Now covered by ${listOf(a.channelsNow)}: its next outage is sent there.`
                          : 'No channel covers it now either: add one under Channels.'}
                      </p>
                    )}
                  </div>
                  {a.state === 'firing' ? (
                    <div className="flex flex-wrap gap-2 md:justify-end">
                      <Button
                        size="sm"
                        disabled={busy === `ack-${a.id}`}
                        onClick={() => void act(`ack-${a.id}`, () => alertsApi.acknowledge(a.id), `${a.monitorName}: acknowledged; reminders stop.`)}
                      >
                        <BellOff aria-hidden="true" className="size-4" />
                        Acknowledge<span className="sr-only"> {a.monitorName}</span>
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        ) : (
          <p className={`mt-3 ${muted}`}>{list.loading ? 'Loading…' : 'The alerts could not be loaded.'}</p>
        )}
      </CardSection>
      <CardSection id="alert-drafts" title="Draft incidents">
        <p className={`mt-1 ${muted}`}>Prepared when a monitor goes down; not on the public board until published.</p>
        {drafts.length === 0 ? (
          <p className={`mt-3 ${muted}`}>No drafts waiting.</p>
        ) : (
          <ul className="mt-3 divide-y divide-white/10">
            {drafts.map((a) => (
              <li key={a.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-center" data-draft-for={a.id}>
                <div className="min-w-0">
                  <p className="font-medium text-white">{a.draft!.title}</p>
                  {a.draft!.resolves ? (
                    <p className="mt-1 text-xs text-slate-400" data-testid="draft-resolves">
                      {a.monitorName} has recovered: publishing posts a resolved incident (major impact), so the board shows an outage that is over, not one
                      under investigation.
                    </p>
                  ) : (
                    <p className="mt-1 text-xs text-slate-400">
                      Major impact, investigating, affects {a.monitorName}, down since{' '}
                      <time dateTime={new Date(a.startedAt).toISOString()}>{formatDateTime(a.startedAt)}</time>.
                      {a.draft!.autoPublishAt ? ` Publishes by itself at ${formatDateTime(a.draft!.autoPublishAt)}.` : ''}
                    </p>
                  )}
                  <p className="mt-1 text-sm text-slate-300" data-testid="draft-message">
                    “{a.draft!.message}”
                  </p>
                </div>
                {writes ? (
                  <div className="flex flex-wrap gap-2 md:justify-end">
                    <Button
                      size="sm"
                      disabled={busy === `pub-${a.id}`}
                      onClick={() =>
                        void act(
                          `pub-${a.id}`,
                          () => alertsApi.publish(a.id),
                          a.draft!.resolves ? `“${a.draft!.title}” is on the public board, resolved.` : `“${a.draft!.title}” is on the public board.`,
                        )
                      }
                    >
                      <Megaphone aria-hidden="true" className="size-4" />
                      {a.draft!.resolves ? 'Publish as resolved' : 'Publish'}
                      <span className="sr-only"> {draftName(a)}</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy === `dis-${a.id}`}
                      onClick={() => void act(`dis-${a.id}`, () => alertsApi.dismiss(a.id), `The draft “${a.draft!.title}” is dismissed.`)}
                    >
                      <XCircle aria-hidden="true" className="size-4" />
                      Dismiss<span className="sr-only"> {draftName(a)}</span>
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {admin && list.data ? <AutoPublish minutes={list.data.autoPublishMinutes} problem={problem} onSaved={changed} /> : null}
      </CardSection>
      {admin ? <AlertChannels monitors={monitors} problem={problem} /> : null}
    </div>
  );
}
