import { CalendarPlus, Clock, XCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Maintenance } from '../../../contracts/incidents.ts';
import { maintenanceStateLabels } from '../../lib/status-format.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { boardApi } from './board-api.ts';
import { CardSection } from './CardSection.tsx';
import type { SectionProps } from './section-props.ts';
import { formatDateTime } from './format.ts';
import { FormField } from './FormField.tsx';
import { ItemList, LoadedItems } from './LoadedItems.tsx';
import { isoOf, localOf, readerZone } from './local-time.ts';
import { Notice } from './Notice.tsx';
import { badge, badgeTones, input } from './staff-styles.ts';
import { type BoardMonitor, useBoardSection } from './use-board-section.ts';
import { TimeWindowFields } from './TimeWindowFields.tsx';
import { refusal, useFormSubmit } from './use-form-submit.ts';

const stateTone = { scheduled: badgeTones.brand, in_progress: badgeTones.warn, completed: badgeTones.good, cancelled: badgeTones.neutral } as const;

function Schedule({ monitors, onDone, problem }: { monitors: readonly BoardMonitor[]; onDone: (m: Maintenance) => void; problem: (e: unknown) => string }) {
  const hour = 3_600_000;
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [startsAt, setStartsAt] = useState(() => localOf(Math.ceil(Date.now() / hour) * hour + hour));
  const [endsAt, setEndsAt] = useState(() => localOf(Math.ceil(Date.now() / hour) * hour + 2 * hour));
  const { fields, error, busy, submit } = useFormSubmit(problem);
  const id = useId();
  const schedule = submit(async () => {
    const m = await boardApi.schedule({ title, message, monitorIds: chosen, startsAt: isoOf(startsAt), endsAt: isoOf(endsAt) });
    setTitle('');
    setMessage('');
    setChosen([]);
    onDone(m);
  });
  return (
    <AnnouncementForm
      id={id}
      title="Schedule maintenance"
      intro={
        <>
          The board shows it as Scheduled, In progress during the window (the monitors in maintenance, their readings not counted in uptime), then Completed.
          Times are in your time zone ({readerZone}).
        </>
      }
      onSubmit={schedule}
      monitors={{ legend: 'Monitors in maintenance', monitors, chosen, onChange: setChosen, error: fields.monitorIds }}
      message={{
        label: 'Message',
        hint: 'What customers see: what changes, what they may notice.',
        value: message,
        onChange: setMessage,
        error: fields.message,
        minHeight: 'min-h-20',
      }}
      error={error}
      busy={busy}
      submitLabel={
        <>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Schedule
        </>
      }
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id={`${id}-name`} label="Title" error={fields.title}>
            <input className={input} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} autoComplete="off" required />
          </FormField>
        </div>
        <TimeWindowFields id={id} startsAt={startsAt} endsAt={endsAt} onStartsAt={setStartsAt} onEndsAt={setEndsAt} errors={fields} />
      </div>
    </AnnouncementForm>
  );
}

function Extend({ m, onDone, problem }: { m: Maintenance; onDone: (said: string) => void; problem: (e: unknown) => string }) {
  const [endsAt, setEndsAt] = useState(() => localOf(Date.parse(m.endsAt) + 3_600_000));
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await boardApi.extend(m.id, isoOf(endsAt));
      onDone(`${m.title} now ends ${formatDateTime(Date.parse(isoOf(endsAt)))}.`);
    } catch (e) {
      const r = refusal(e, problem);
      setError(r.fields.endsAt ?? r.error);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label={`Extend ${m.title}`}>
      <FormField id={`${id}-end`} label="New end" error={error}>
        <input type="datetime-local" className={input} value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
      </FormField>
      <Button type="submit" variant="secondary" size="sm" className="mb-0.5">
        <Clock aria-hidden="true" className="size-4" />
        Extend<span className="sr-only"> {m.title}</span>
      </Button>
    </form>
  );
}

/** Maintenance (admins and support): schedule, extend, cancel. */
export function MaintenanceSection({ problem }: SectionProps) {
  const [cancelling, setCancelling] = useState<Maintenance>();
  const asked = useRef<Maintenance>(undefined);
  if (cancelling) asked.current = cancelling;
  const { list, monitors, names, error, status, changed: done, failed } = useBoardSection(() => boardApi.maintenance(), problem);
  const windows = list.data?.maintenance ?? [];
  const current = windows.filter((m) => m.state === 'scheduled' || m.state === 'in_progress').sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const past = windows.filter((m) => m.state === 'completed' || m.state === 'cancelled');

  const item = (m: Maintenance) => (
    <li key={m.id} className="grid gap-3 py-4" data-maintenance-id={m.id}>
      <div>
        <h3 className="flex flex-wrap items-center gap-2 font-medium text-white">
          {m.title} <span className={`${badge} ${stateTone[m.state]}`}>{maintenanceStateLabels[m.state]}</span>
        </h3>
        <p className="mt-1 text-xs text-slate-400">
          {formatDateTime(Date.parse(m.startsAt))} to {formatDateTime(Date.parse(m.endsAt))} · {m.monitorIds.map((id) => names.get(id) ?? id).join(', ')}
        </p>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-200">{m.message}</p>
      </div>
      {m.state === 'scheduled' || m.state === 'in_progress' ? (
        <div className="flex flex-wrap items-end gap-3">
          <Extend m={m} problem={problem} onDone={done} />
          <Button variant="ghost" size="sm" onClick={() => setCancelling(m)}>
            <XCircle aria-hidden="true" className="size-4" />
            Cancel<span className="sr-only"> {m.title}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );

  return (
    <div className="space-y-6">
      <Schedule monitors={monitors} problem={problem} onDone={(m) => done(`${m.title} is scheduled and on the board.`)} />
      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{status}</Notice>
      <CardSection id="current-maintenance" title="Scheduled and in progress">
        <LoadedItems loaded={list} items={current} empty="Nothing scheduled." failed="The maintenance could not be loaded." render={item} />
      </CardSection>
      {past.length ? (
        <CardSection id="past-maintenance" title="Completed and cancelled (90 days)">
          <ItemList>{past.map(item)}</ItemList>
        </CardSection>
      ) : null}
      <ConfirmDialog
        open={cancelling !== undefined}
        title={`Cancel ${asked.current?.title ?? 'this maintenance'}?`}
        confirmLabel="Cancel maintenance"
        onCancel={() => setCancelling(undefined)}
        onConfirm={() => {
          const m = cancelling;
          setCancelling(undefined);
          if (!m) return;
          boardApi.cancel(m.id).then(() => done(`${m.title} is cancelled.`), failed);
        }}
        body="The board shows it as cancelled; if it is in progress, its monitors leave maintenance now."
        cancelLabel="Cancel"
      />
    </div>
  );
}
