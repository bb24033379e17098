import { CheckCircle2, Megaphone, Pencil, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Incident, IncidentImpact, IncidentState } from '../../../contracts/incidents.ts';
import { incidentImpacts, incidentStates, openIncidentStates } from '../../../contracts/incidents-rules.ts';
import { impactLabels, incidentStateLabels } from '../../lib/status-format.ts';
import { Button } from '../ui/Button.tsx';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { boardApi } from './board-api.ts';
import { CardSection } from './CardSection.tsx';
import type { SectionProps } from './section-props.ts';
import { formatDateTime } from './format.ts';
import { FormField } from './FormField.tsx';
import { ItemList, LoadedItems } from './LoadedItems.tsx';
import { Notice } from './Notice.tsx';
import { badge, badgeTones, input } from './staff-styles.ts';
import { type BoardMonitor, useBoardSection } from './use-board-section.ts';
import { refusal, useFormSubmit } from './use-form-submit.ts';

function NewIncident({
  monitors,
  onCreated,
  problem,
}: {
  monitors: readonly BoardMonitor[];
  onCreated: (i: Incident) => void;
  problem: (e: unknown) => string;
}) {
  const [title, setTitle] = useState('');
  const [impact, setImpact] = useState<IncidentImpact>('minor');
  const [state, setState] = useState<(typeof openIncidentStates)[number]>('investigating');
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const { fields, error, busy, submit } = useFormSubmit(problem);
  const id = useId();

  const publish = submit(async () => {
    const created = await boardApi.createIncident({ title, impact, monitorIds: chosen, state, message });
    setTitle('');
    setMessage('');
    setChosen([]);
    onCreated(created);
  });

  return (
    <AnnouncementForm
      id={id}
      title="Declare an incident"
      intro="It shows on the public board at once, with this first update, and counts in its banner."
      onSubmit={publish}
      monitors={{ legend: 'Affected monitors', hint: 'None chosen: the whole network.', monitors, chosen, onChange: setChosen, error: fields.monitorIds }}
      message={{
        label: 'First update',
        hint: 'What customers see: what is wrong, what you are doing.',
        value: message,
        onChange: setMessage,
        error: fields.message,
        minHeight: 'min-h-24',
      }}
      error={error}
      busy={busy}
      submitLabel={
        <>
          <Megaphone aria-hidden="true" className="size-4" />
          Publish incident
        </>
      }
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_10rem_10rem]">
        <FormField id={`${id}-name`} label="Title" error={fields.title}>
          <input className={input} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required autoComplete="off" />
        </FormField>
        <FormField id={`${id}-impact`} label="Impact" error={fields.impact}>
          <select className={input} value={impact} onChange={(e) => setImpact(e.target.value as IncidentImpact)}>
            {incidentImpacts.map((i) => (
              <option key={i} value={i}>
                {impactLabels[i]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-state`} label="State" error={fields.state}>
          <select className={input} value={state} onChange={(e) => setState(e.target.value as (typeof openIncidentStates)[number])}>
            {openIncidentStates.map((s) => (
              <option key={s} value={s}>
                {incidentStateLabels[s]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </AnnouncementForm>
  );
}

/** A new update (a state and a message) for an open incident; the state Resolved resolves it. */
function PostUpdate({ incident, onDone, problem }: { incident: Incident; onDone: (i: Incident, said: string) => void; problem: (e: unknown) => string }) {
  const [state, setState] = useState<IncidentState>(incident.state);
  const [message, setMessage] = useState('');
  const { fields, error, busy, submit } = useFormSubmit(problem);
  const id = useId();
  const post = submit(async () => {
    const after = state === 'resolved' ? await boardApi.resolve(incident.id, message) : await boardApi.postUpdate(incident.id, state, message);
    setMessage('');
    onDone(after, state === 'resolved' ? `${incident.title} is resolved.` : `The update on ${incident.title} is published.`);
  });
  return (
    <form onSubmit={post} noValidate className="mt-4 rounded-lg border border-white/10 p-3" aria-label={`Post an update on ${incident.title}`}>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FormField id={`${id}-state`} label="New state" error={fields.state}>
          <select className={input} value={state} onChange={(e) => setState(e.target.value as IncidentState)}>
            {incidentStates.map((s) => (
              <option key={s} value={s}>
                {incidentStateLabels[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-message`} label="Update" error={fields.message}>
          <textarea className={`${input} min-h-20`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} required />
        </FormField>
      </div>
      <div className="mt-3">
        <Notice tone="error">{error}</Notice>
      </div>
      <Button type="submit" size="sm" className="mt-3" disabled={busy}>
        {state === 'resolved' ? <CheckCircle2 aria-hidden="true" className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
        {state === 'resolved' ? 'Resolve incident' : 'Post update'}
      </Button>
    </form>
  );
}

/** Corrects the text of one update (a typo); the time stays and the board says it was corrected. */
function CorrectUpdate({
  incident,
  update,
  onDone,
  onCancel,
  problem,
}: {
  incident: Incident;
  update: Incident['updates'][number];
  onDone: (i: Incident) => void;
  onCancel: () => void;
  problem: (e: unknown) => string;
}) {
  const [message, setMessage] = useState(update.message);
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onDone(await boardApi.correctUpdate(incident.id, update.id, message));
    } catch (e) {
      const r = refusal(e, problem);
      setError(r.fields.message ?? r.error);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2">
      <FormField id={`${id}-text`} label="Corrected text" error={error}>
        <textarea className={`${input} min-h-20`} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} />
      </FormField>
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm">
          Save correction
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function IncidentItem({
  incident,
  names,
  onChanged,
  problem,
}: {
  incident: Incident;
  names: Map<string, string>;
  onChanged: (i: Incident, said: string) => void;
  problem: (e: unknown) => string;
}) {
  const [correcting, setCorrecting] = useState<string>();
  const open = incident.state !== 'resolved';
  const headingId = `staff-incident-${incident.id}`;
  return (
    <li className="py-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-medium text-white">
        {incident.title}
        <span className={`${badge} ${incident.impact === 'minor' ? badgeTones.warn : badgeTones.bad}`}>{impactLabels[incident.impact]}</span>
        <span className={`${badge} ${open ? badgeTones.neutral : badgeTones.good}`}>{incidentStateLabels[incident.state]}</span>
      </h3>
      <p className="mt-1 text-xs text-slate-400">
        Started {formatDateTime(Date.parse(incident.startedAt))} · affects{' '}
        {incident.monitorIds.length ? incident.monitorIds.map((m) => names.get(m) ?? m).join(', ') : 'the whole network'}
      </p>
      <ol className="mt-3 space-y-3 border-l border-white/10 pl-4">
        {[...incident.updates].reverse().map((u) => (
          <li key={u.id} className="text-sm">
            <p className="text-xs text-slate-400">
              <strong className="text-slate-200">{incidentStateLabels[u.state]}</strong> · {formatDateTime(Date.parse(u.at))}
              {u.editedAt ? ` · corrected ${formatDateTime(Date.parse(u.editedAt))}` : ''}
            </p>
            {correcting === u.id ? (
              <CorrectUpdate
                incident={incident}
                update={u}
                problem={problem}
                onCancel={() => setCorrecting(undefined)}
                onDone={(after) => {
                  setCorrecting(undefined);
                  onChanged(after, 'The correction is published.');
                }}
              />
            ) : (
              <p className="mt-0.5 flex flex-wrap items-start gap-2 whitespace-pre-line text-slate-200">
                <span className="min-w-0 flex-1">{u.message}</span>
                <Button variant="ghost" size="sm" onClick={() => setCorrecting(u.id)}>
                  <Pencil aria-hidden="true" className="size-3.5" />
                  Correct
                  <span className="sr-only">
                    {' '}
                    the {incidentStateLabels[u.state]} update of {formatDateTime(Date.parse(u.at))}
                  </span>
                </Button>
              </p>
            )}
          </li>
        ))}
      </ol>
      {open ? <PostUpdate incident={incident} problem={problem} onDone={onChanged} /> : null}
    </li>
  );
}

/** Incidents (admins and support): declare, update, correct and resolve; each change is on the public board at once. */
export function IncidentsSection({ problem }: SectionProps) {
  const { list, monitors, names, error, status, changed } = useBoardSection(() => boardApi.incidents(), problem);
  const incidents = list.data?.incidents ?? [];
  const open = incidents.filter((i) => i.state !== 'resolved');
  const resolved = incidents.filter((i) => i.state === 'resolved');
  const item = (i: Incident) => <IncidentItem key={i.id} incident={i} names={names} problem={problem} onChanged={(_after, said) => changed(said)} />;

  return (
    <div className="space-y-6">
      <NewIncident monitors={monitors} problem={problem} onCreated={(i) => changed(`${i.title} is published on the board.`)} />
      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{status}</Notice>
      <CardSection id="open-incidents" title="Open incidents">
        <LoadedItems loaded={list} items={open} empty="No open incidents." failed="The incidents could not be loaded." render={item} />
      </CardSection>
      {resolved.length ? (
        <CardSection id="resolved-incidents" title="Resolved in the last 90 days">
          <ItemList>{resolved.map(item)}</ItemList>
        </CardSection>
      ) : null}
    </div>
  );
}
