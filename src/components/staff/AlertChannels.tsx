import { Pencil, Send, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { AlertChannelKindInfo, StaffAlertChannel } from '../../../contracts/alerts.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { alertsApi } from './alerts-api.ts';
import { CardSection } from './CardSection.tsx';
import { EditFormFooter } from './EditFormFooter.tsx';
import { FormField } from './FormField.tsx';
import { MonitorChoice } from './MonitorChoice.tsx';
import { Notice } from './Notice.tsx';
import { type SettingDraft, SettingFields, settingDraftOf, settingsOfDraft } from './SettingFields.tsx';
import { badge, badgeTones, card, input, muted, subTitle } from './staff-styles.ts';
import type { BoardMonitor } from './use-board-section.ts';
import { useFormSubmit } from './use-form-submit.ts';
import { useLoad } from './use-load.ts';
import { useNotices } from './use-notices.ts';

interface Draft {
  id: string;
  name: string;
  kind: string;
  target: string;
  token: string;
  /** The kind's own settings (docs/decisions.md 114). */
  settings: SettingDraft;
  monitorIds: string[];
  enabled: boolean;
  remindEveryMinutes: string;
  supportNotices: boolean;
}

const emptyDraft: Draft = {
  id: '',
  name: '',
  kind: 'discord',
  target: '',
  token: '',
  settings: {},
  monitorIds: [],
  enabled: true,
  remindEveryMinutes: '0',
  supportNotices: false,
};

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-200">
      <input type="checkbox" className="size-4 accent-brand-500" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function ChannelForm({
  editing,
  kinds,
  monitors,
  onSaved,
  onCancel,
  problem,
}: {
  editing?: StaffAlertChannel;
  /** The server's registered kinds (GET /api/staff/alerts/kinds). */
  kinds: readonly AlertChannelKindInfo[];
  monitors: readonly BoardMonitor[];
  onSaved: (c: StaffAlertChannel) => void;
  onCancel?: () => void;
  problem: (e: unknown) => string;
}) {
  const kindOf = (name: string) => kinds.find((k) => k.kind === name);
  const blank = (): Draft => ({ ...emptyDraft, settings: settingDraftOf(kindOf(emptyDraft.kind)?.fields ?? []) });
  const [draft, setDraft] = useState<Draft>(
    editing
      ? {
          ...editing,
          target: '',
          token: '',
          settings: settingDraftOf(kindOf(editing.kind)?.fields ?? [], editing.settings),
          remindEveryMinutes: String(editing.remindEveryMinutes),
        }
      : blank(),
  );
  const kind = kindOf(draft.kind);
  const { fields, error, busy, submit } = useFormSubmit(problem);
  const id = useId();
  const set = (key: 'id' | 'name' | 'target' | 'token' | 'remindEveryMinutes') => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });

  const save = submit(async () => {
    const body = {
      name: draft.name,
      kind: draft.kind,
      target: draft.target,
      ...(kind?.token && draft.token ? { token: draft.token } : {}),
      settings: settingsOfDraft(kind?.fields ?? [], draft.settings),
      monitorIds: draft.monitorIds,
      enabled: draft.enabled,
      remindEveryMinutes: draft.remindEveryMinutes.trim() === '' ? 0 : Number(draft.remindEveryMinutes),
      supportNotices: draft.supportNotices,
    };
    const saved = editing ? await alertsApi.editChannel(editing.id, body) : await alertsApi.addChannel({ id: draft.id, ...body });
    if (!editing) setDraft(blank());
    onSaved(saved);
  });

  return (
    <form onSubmit={save} noValidate className={card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={subTitle}>
        {editing ? `Edit ${editing.name}` : 'Add an alert channel'}
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-id`} label="Id" hint={editing ? 'The id stays.' : 'Lowercase letters, digits, dots, dashes, underscores.'} error={fields.id}>
          <input className={input} value={draft.id} onChange={set('id')} disabled={Boolean(editing)} autoComplete="off" maxLength={64} required />
        </FormField>
        <FormField id={`${id}-name`} label="Name" hint="How the team knows it: “On-call phone”." error={fields.name}>
          <input className={input} value={draft.name} onChange={set('name')} autoComplete="off" maxLength={80} required />
        </FormField>
        <FormField id={`${id}-kind`} label="Kind" error={fields.kind}>
          <select
            className={input}
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value, settings: settingDraftOf(kindOf(e.target.value)?.fields ?? []) })}
          >
            {kinds.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={`${id}-target`}
          label={kind?.target.label ?? 'Target'}
          hint={editing ? `Now ${editing.targetHint}. Leave empty to keep it. ${kind?.target.hint ?? ''}` : kind?.target.hint}
          error={fields.target}
        >
          <input
            className={input}
            value={draft.target}
            onChange={set('target')}
            type={kind?.target.input === 'email' ? 'email' : kind?.target.input === 'url' ? 'url' : 'text'}
            autoComplete="off"
            spellCheck={false}
            required={!editing}
          />
        </FormField>
        {kind?.token ? (
          <FormField
            id={`${id}-token`}
            label={kind.token.required ? kind.token.label : `${kind.token.label} (optional)`}
            hint={editing?.hasToken && editing.kind === draft.kind ? 'A token is set. Leave empty to keep it.' : kind.token.hint}
            error={fields.token}
          >
            <input className={input} value={draft.token} onChange={set('token')} type="password" autoComplete="off" />
          </FormField>
        ) : null}
        <SettingFields id={id} fields={kind?.fields ?? []} draft={draft.settings} errors={fields} onChange={(settings) => setDraft({ ...draft, settings })} />
        <FormField
          id={`${id}-remind`}
          label="Remind every (minutes)"
          hint="While a monitor stays down and nobody acknowledged it. 0: no reminders."
          error={fields.remindEveryMinutes}
        >
          <input className={input} value={draft.remindEveryMinutes} onChange={set('remindEveryMinutes')} inputMode="numeric" />
        </FormField>
      </div>
      <div className="mt-4 space-y-3">
        <MonitorChoice
          id={`${id}-monitors`}
          legend="Monitors it covers"
          hint="None chosen: every monitor, including ones added later."
          monitors={monitors}
          chosen={draft.monitorIds}
          onChange={(monitorIds) => setDraft({ ...draft, monitorIds })}
          error={fields.monitorIds}
        />
        <Checkbox label="Enabled" checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} />
        <Checkbox
          label="Also send support notices (new conversations for the support desk)"
          checked={draft.supportNotices}
          onChange={(supportNotices) => setDraft({ ...draft, supportNotices })}
        />
      </div>
      <EditFormFooter editing={Boolean(editing)} busy={busy} error={error} addLabel="Add channel" saveLabel="Save channel" onCancel={onCancel} />
    </form>
  );
}

/** Alert channels (admins): where alerts go, each with a test button that shows the outcome. */
export function AlertChannels({ monitors, problem }: { monitors: readonly BoardMonitor[]; problem: (e: unknown) => string }) {
  const { error, status, setStatus, failed, run } = useNotices(problem);
  const list = useLoad(() => alertsApi.channels(), failed);
  const kinds = useLoad(() => alertsApi.kinds(), failed);
  const kindLabel = (name: string) => kinds.data?.kinds.find((k) => k.kind === name)?.label ?? name;
  const [editing, setEditing] = useState<StaffAlertChannel>();
  const [deleting, setDeleting] = useState<StaffAlertChannel>();
  const [testing, setTesting] = useState<string>();
  const asked = useRef<StaffAlertChannel>(undefined);
  if (deleting) asked.current = deleting;
  const names = new Map(monitors.map((m) => [m.id, m.name]));

  const test = async (c: StaffAlertChannel) => {
    setTesting(c.id);
    await run(async () => {
      const result = await alertsApi.testChannel(c.id);
      if (!result.ok) throw new Error(`The test alert to ${c.name} failed: ${result.error ?? 'no answer'}.`);
    }, `The test alert reached ${c.name}.`);
    setTesting(undefined);
  };

  return (
    <CardSection id="alert-channels" title="Alert channels">
      <div className="mt-3 space-y-4">
        <Notice tone="error">{error}</Notice>
        <Notice tone="success">{status}</Notice>
        {list.data ? (
          list.data.channels.length === 0 ? (
            <p className={muted}>No channels yet: nobody is told when a monitor goes down.</p>
          ) : (
            <ul className="divide-y divide-white/10">
              {list.data.channels.map((c) => (
                <li key={c.id} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-center" data-channel-id={c.id}>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                      {c.name}
                      <span className={`${badge} ${badgeTones.brand}`}>{kindLabel(c.kind)}</span>
                      {c.enabled ? null : <span className={`${badge} ${badgeTones.neutral}`}>Disabled</span>}
                      {c.source === 'file' ? <span className={`${badge} ${badgeTones.neutral}`}>From the monitors file</span> : null}
                    </p>
                    <p className="mt-1 break-all font-mono text-sm text-slate-300">{c.targetHint}</p>
                    <p className="mt-1 text-xs text-slate-400">
                      {c.monitorIds.length === 0 ? 'Every monitor' : c.monitorIds.map((m) => names.get(m) ?? m).join(', ')}
                      {c.remindEveryMinutes > 0 ? ` · reminders every ${c.remindEveryMinutes} min` : ' · no reminders'}
                      {c.supportNotices ? ' · support notices' : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2 md:justify-end">
                    <Button variant="secondary" size="sm" onClick={() => void test(c)} disabled={testing === c.id}>
                      <Send aria-hidden="true" className="size-4" />
                      {testing === c.id ? 'Sending…' : 'Test'}
                      <span className="sr-only"> {c.name}</span>
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => setEditing(c)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit<span className="sr-only"> {c.name}</span>
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(c)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete<span className="sr-only"> {c.name}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : (
          <p className={muted}>{list.loading ? 'Loading…' : 'The channels could not be loaded.'}</p>
        )}
        {!kinds.data ? (
          <p className={muted}>{kinds.loading ? 'Loading the kinds of channel…' : 'The kinds of channel could not be loaded.'}</p>
        ) : editing ? (
          <ChannelForm
            key={editing.id}
            editing={editing}
            kinds={kinds.data.kinds}
            monitors={monitors}
            problem={problem}
            onCancel={() => setEditing(undefined)}
            onSaved={(c) => {
              setEditing(undefined);
              setStatus(`${c.name} is saved.`);
              void list.reload();
            }}
          />
        ) : (
          <ChannelForm
            kinds={kinds.data.kinds}
            monitors={monitors}
            problem={problem}
            onSaved={(c) => {
              setStatus(`${c.name} is added. Press Test to check it.`);
              void list.reload();
            }}
          />
        )}
      </div>
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${asked.current?.name ?? 'this channel'}?`}
        confirmLabel="Delete channel"
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const c = deleting;
          setDeleting(undefined);
          if (c) void run(() => alertsApi.removeChannel(c.id), `${c.name} is deleted.`).then(() => list.reload());
        }}
        body="Alerts stop going there at once, and messages still waiting for it are dropped."
        cancelLabel="Cancel"
      />
    </CardSection>
  );
}
