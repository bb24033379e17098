import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { MonitorTypeInfo, StaffMonitor } from '../../../contracts/monitors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { statusLabels } from '../../lib/status-format.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { boardApi } from './board-api.ts';
import { CardSection } from './CardSection.tsx';
import { EditFormFooter } from './EditFormFooter.tsx';
import type { SectionProps } from './section-props.ts';
import { formatRelative } from './format.ts';
import { FormField } from './FormField.tsx';
import { Notice } from './Notice.tsx';
import { ProbeAgentsCard } from './ProbeAgentsCard.tsx';
import { type SettingDraft, SettingFields, settingDraftOf, settingsOfDraft } from './SettingFields.tsx';
import { badge, badgeTones, card, input, muted, subTitle } from './staff-styles.ts';
import { useLoad } from './use-load.ts';
import { useNotices } from './use-notices.ts';

interface Draft {
  id: string;
  name: string;
  type: string;
  target: string;
  /** The type's own settings (docs/decisions.md 114). */
  settings: SettingDraft;
  intervalSeconds: string;
  timeoutSeconds: string;
  degradedAboveMs: string;
  failuresBeforeDown: string;
  quorum: string;
}

const emptyDraft: Draft = {
  id: '',
  name: '',
  type: 'tcp',
  target: '',
  settings: {},
  intervalSeconds: '30',
  timeoutSeconds: '5',
  degradedAboveMs: '300',
  failuresBeforeDown: '3',
  quorum: '',
};

const fieldsOf = (types: readonly MonitorTypeInfo[], type: string) => types.find((t) => t.type === type)?.fields ?? [];

function draftOf(m: StaffMonitor, types: readonly MonitorTypeInfo[]): Draft {
  return {
    ...m,
    settings: settingDraftOf(fieldsOf(types, m.type), m.settings),
    intervalSeconds: String(m.intervalSeconds),
    timeoutSeconds: String(m.timeoutSeconds),
    degradedAboveMs: String(m.degradedAboveMs),
    failuresBeforeDown: String(m.failuresBeforeDown),
    quorum: m.quorum === undefined ? '' : String(m.quorum),
  };
}

/** Numbers as typed: an empty box is left out (the default applies), anything else is sent as a number for the server to judge. */
function settingsOf(d: Draft, types: readonly MonitorTypeInfo[]) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  return {
    name: d.name,
    type: d.type,
    target: d.target,
    settings: settingsOfDraft(fieldsOf(types, d.type), d.settings),
    intervalSeconds: number(d.intervalSeconds),
    timeoutSeconds: number(d.timeoutSeconds),
    degradedAboveMs: number(d.degradedAboveMs),
    failuresBeforeDown: number(d.failuresBeforeDown),
    quorum: number(d.quorum),
  };
}

/** Add or edit: the fields of the monitors file, checked by the server with the file's messages. */
function MonitorForm({
  editing,
  types,
  onSaved,
  onCancel,
  problem,
}: {
  editing?: StaffMonitor;
  /** The server's registered types (GET /api/staff/monitors/types). */
  types: readonly MonitorTypeInfo[];
  onSaved: (m: StaffMonitor) => void;
  onCancel?: () => void;
  problem: (e: unknown) => string;
}) {
  const blank = (type: string): Draft => ({ ...emptyDraft, type, settings: settingDraftOf(fieldsOf(types, type)) });
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing, types) : blank(emptyDraft.type));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (key: Exclude<keyof Draft, 'settings'>) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const settings = settingsOf(draft, types);
      const saved = editing ? await boardApi.editMonitor(editing.id, settings) : await boardApi.addMonitor({ id: draft.id, ...settings });
      if (!editing) setDraft(blank(draft.type));
      onSaved(saved);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        setFields(e.fields);
        setError('Please correct the marked fields.');
      } else setError(problem(e));
    } finally {
      setBusy(false);
    }
  };

  const title = editing ? `Edit ${editing.name}` : 'Add a monitor';
  return (
    <form onSubmit={submit} noValidate className={card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={subTitle}>
        {title}
      </h2>
      <p className={`mt-1 ${muted}`}>
        Probed from the next round on every instance. ${'{PORT}'} and ${'{DEMO_MC_PORT}'} may stand for this site's ports.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-id`}
          label="Id"
          hint={editing ? 'The id stays: its readings are filed under it.' : 'Lowercase letters, digits, dots, dashes, underscores; fixed once added.'}
          error={fields.id}
        >
          <input className={input} value={draft.id} onChange={set('id')} disabled={Boolean(editing)} autoComplete="off" maxLength={64} required />
        </FormField>
        <FormField id={`${id}-name`} label="Name" hint="As the public board shows it." error={fields.name}>
          <input className={input} value={draft.name} onChange={set('name')} autoComplete="off" maxLength={80} required />
        </FormField>
        <FormField id={`${id}-type`} label="Type" error={fields.type}>
          <select
            className={input}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value, settings: settingDraftOf(fieldsOf(types, e.target.value)) })}
          >
            {types.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-target`} label="Target" hint={types.find((t) => t.type === draft.type)?.targetHint} error={fields.target}>
          <input className={input} value={draft.target} onChange={set('target')} autoComplete="off" spellCheck={false} required />
        </FormField>
        <SettingFields
          id={id}
          fields={fieldsOf(types, draft.type)}
          draft={draft.settings}
          errors={fields}
          onChange={(settings) => setDraft({ ...draft, settings })}
        />
        <FormField id={`${id}-interval`} label="Interval (seconds)" hint="Default 30." error={fields.intervalSeconds}>
          <input className={input} value={draft.intervalSeconds} onChange={set('intervalSeconds')} inputMode="decimal" />
        </FormField>
        <FormField id={`${id}-timeout`} label="Timeout (seconds)" hint="Default 5." error={fields.timeoutSeconds}>
          <input className={input} value={draft.timeoutSeconds} onChange={set('timeoutSeconds')} inputMode="decimal" />
        </FormField>
        <FormField id={`${id}-degraded`} label="Degraded above (ms)" hint="Slower answers are Degraded. Default 300." error={fields.degradedAboveMs}>
          <input className={input} value={draft.degradedAboveMs} onChange={set('degradedAboveMs')} inputMode="numeric" />
        </FormField>
        <FormField id={`${id}-failures`} label="Failures before down" hint="Failed probes in a row. Default 3." error={fields.failuresBeforeDown}>
          <input className={input} value={draft.failuresBeforeDown} onChange={set('failuresBeforeDown')} inputMode="numeric" />
        </FormField>
        <FormField
          id={`${id}-quorum`}
          label="Quorum (locations)"
          hint="Locations that must see it down. Empty: a majority of those reporting."
          error={fields.quorum}
        >
          <input className={input} value={draft.quorum} onChange={set('quorum')} inputMode="numeric" />
        </FormField>
      </div>
      <EditFormFooter editing={Boolean(editing)} busy={busy} error={error} addLabel="Add monitor" saveLabel="Save changes" onCancel={onCancel} />
    </form>
  );
}

function stateBadge(m: StaffMonitor) {
  if (m.paused) return <span className={`${badge} ${badgeTones.neutral}`}>Paused</span>;
  if (m.status === 'pending') return <span className={`${badge} ${badgeTones.neutral}`}>Not probed yet</span>;
  const tone = m.status === 'operational' ? 'good' : m.status === 'degraded' ? 'warn' : 'bad';
  return <span className={`${badge} ${badgeTones[tone]}`}>{statusLabels[m.status]}</span>;
}

/** Monitors (admins only): what the public board probes, changed without a restart. */
export function MonitorsSection({ problem }: SectionProps) {
  const { error, status, setStatus, failed, run } = useNotices(problem);
  const [editing, setEditing] = useState<StaffMonitor>();
  const [deleting, setDeleting] = useState<StaffMonitor>();
  const asked = useRef<StaffMonitor>(undefined);
  if (deleting) asked.current = deleting;
  const list = useLoad(() => boardApi.monitors(), failed);
  const types = useLoad(() => boardApi.monitorTypes(), failed);

  const act = async (work: () => Promise<unknown>, done: string) => {
    await run(work, done);
    await list.reload();
  };

  return (
    <div className="space-y-6">
      {!types.data ? (
        <p className={muted}>{types.loading ? 'Loading the monitor types…' : 'The monitor types could not be loaded.'}</p>
      ) : editing ? (
        <MonitorForm
          key={editing.id}
          types={types.data.types}
          editing={editing}
          problem={problem}
          onCancel={() => setEditing(undefined)}
          onSaved={(m) => {
            setEditing(undefined);
            setStatus(`${m.name} is saved; the board uses it from the next round.`);
            void list.reload();
          }}
        />
      ) : (
        <MonitorForm
          types={types.data.types}
          problem={problem}
          onSaved={(m) => {
            setStatus(`${m.name} is added and will be probed in the next round.`);
            void list.reload();
          }}
        />
      )}
      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{status}</Notice>
      <CardSection id="monitor-list" title="Monitors">
        {list.data ? (
          list.data.monitors.length === 0 ? (
            <p className={`mt-3 ${muted}`}>No monitors yet: the public board shows none.</p>
          ) : (
            <ul className="mt-3 divide-y divide-white/10">
              {list.data.monitors.map((m) => (
                <li key={m.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-center" data-monitor-id={m.id}>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                      {m.name} {stateBadge(m)}
                    </p>
                    <p className="mt-1 truncate font-mono text-sm text-slate-300">
                      {m.type} · {m.target}
                    </p>
                    <p className="mt-1 text-xs text-slate-400">
                      id {m.id} · every {m.intervalSeconds} s · timeout {m.timeoutSeconds} s · degraded above {m.degradedAboveMs} ms · down after{' '}
                      {m.failuresBeforeDown} failures{m.quorum !== undefined ? ` · down when ${m.quorum} locations agree` : ''}
                      {m.checkedAt ? ` · last probed ${formatRelative(m.checkedAt)}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2 md:justify-end">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(m)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit<span className="sr-only"> {m.name}</span>
                    </Button>
                    {m.paused ? (
                      <Button variant="secondary" size="sm" onClick={() => act(() => boardApi.resumeMonitor(m.id), `${m.name} is probed again.`)}>
                        <Play aria-hidden="true" className="size-4" />
                        Resume<span className="sr-only"> {m.name}</span>
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => act(() => boardApi.pauseMonitor(m.id), `${m.name} is paused: not probed, shown as paused.`)}
                      >
                        <Pause aria-hidden="true" className="size-4" />
                        Pause<span className="sr-only"> {m.name}</span>
                      </Button>
                    )}
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(m)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete<span className="sr-only"> {m.name}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : (
          <p className={`mt-3 ${muted}`}>{list.loading ? 'Loading…' : 'The monitors could not be loaded.'}</p>
        )}
      </CardSection>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${asked.current?.name ?? 'this monitor'}?`}
        confirmLabel="Delete monitor and its readings"
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const m = deleting;
          setDeleting(undefined);
          if (m) void act(() => boardApi.removeMonitor(m.id), `${m.name} is deleted.`);
        }}
        body="It leaves the public board at once, and its stored readings and uptime are deleted. Pausing keeps them."
        cancelLabel="Cancel"
      />
      <ProbeAgentsCard problem={problem} />
    </div>
  );
}
