import { Copy, UserPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { EnrolmentLinkAnswer, StaffMember } from '../../../contracts/staff.ts';
import { emailMaxLength, enrolmentLinkHours, roleLabels, staffRoles, type StaffRole } from '../../../contracts/staff-rules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { CardSection } from './CardSection.tsx';
import type { SectionProps } from './section-props.ts';
import { formatDateTime, formatRelative } from './format.ts';
import { Notice } from './Notice.tsx';
import { staffApi } from './staff-api.ts';
import { badge, badgeTones, card, fieldError, input, label, muted, subTitle } from './staff-styles.ts';
import { useLoad } from './use-load.ts';
import { useNotices } from './use-notices.ts';

function stateOf(member: StaffMember): { text: string; tone: keyof typeof badgeTones } {
  if (member.disabled) return { text: 'Disabled', tone: 'bad' };
  if (member.passkeys > 0) return { text: 'Active', tone: 'good' };
  return member.enrolmentExpiresAt ? { text: 'Invited', tone: 'warn' } : { text: 'Link expired', tone: 'bad' };
}

/** The enrolment link, shown once: copy it and send it on a channel you trust. */
function LinkOnce({ answer, onDone }: { answer: EnrolmentLinkAnswer & { heading: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(answer.enrolmentLink);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section aria-labelledby="link-once" className="rounded-xl border border-emerald-500/40 bg-emerald-500/5 p-4 sm:p-6">
      <h2 id="link-once" className={subTitle} tabIndex={-1} ref={(el) => el?.focus()}>
        {answer.heading}
      </h2>
      <p className="mt-2 text-sm text-slate-200">
        Send this link to {answer.member.email} over a channel you trust. It is shown only now, works once, and expires {formatDateTime(answer.expiresAt)}.
      </p>
      <label htmlFor="enrolment-link" className={`${label} mt-4`}>
        Enrolment link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id="enrolment-link" ref={field} readOnly value={answer.enrolmentLink} className={`${input} font-mono`} onFocus={(e) => e.target.select()} />
        <Button variant="secondary" onClick={copy} className="shrink-0">
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'The link is on the clipboard.' : ''}
      </p>
      <Button variant="ghost" className="mt-4" onClick={onDone}>
        Done
      </Button>
    </section>
  );
}

/** The roles, as both role choosers offer them. */
const roleOptions = staffRoles.map((r) => (
  <option key={r} value={r}>
    {roleLabels[r]}
  </option>
));

function InviteForm({ onInvited, problem }: { onInvited: (answer: EnrolmentLinkAnswer) => void; problem: (e: unknown) => string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const answer = await staffApi.invite(email, role);
      setEmail('');
      onInvited(answer);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setFields(e.fields);
      else setError(problem(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={subTitle}>
        Invite someone
      </h2>
      <p className={`mt-1 ${muted}`}>They get a one-time enrolment link, valid for {enrolmentLinkHours} hours, to create their passkey.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            E-mail
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={input}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
            maxLength={emailMaxLength}
            required
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={fields.email ? `${id}-email-error` : undefined}
          />
          {fields.email ? (
            <p id={`${id}-email-error`} className={fieldError}>
              E-mail {fields.email}.
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-role`} className={label}>
            Role
          </label>
          <select id={`${id}-role`} className={input} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {roleOptions}
          </select>
        </div>
        <Button type="submit" disabled={busy} className="sm:mt-6">
          <UserPlus aria-hidden="true" className="size-4" />
          Invite
        </Button>
      </div>
      <div className="mt-3">
        <Notice tone="error">{error}</Notice>
      </div>
    </form>
  );
}

type Pending = { kind: 'disable' | 'reset'; member: StaffMember } | undefined;

/** Staff (admins only): the team, invitations, roles, disabling, new enrolment links. */
export function TeamSection({ me, problem }: SectionProps) {
  const { error, status, failed, run } = useNotices(problem);
  const [link, setLink] = useState<EnrolmentLinkAnswer & { heading: string }>();
  const [pending, setPending] = useState<Pending>();
  const team = useLoad(() => staffApi.members(), failed);
  // The dialog keeps its words while it closes.
  const asked = useRef<NonNullable<Pending>>(undefined);
  if (pending) asked.current = pending;
  const question = pending ?? asked.current;

  const act = async (work: () => Promise<unknown>, done: string) => {
    await run(work, done);
    await team.reload();
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    setPending(undefined);
    if (kind === 'disable') {
      await act(() => staffApi.disable(member.id), `${member.email} is disabled; their sessions have ended.`);
    } else {
      await act(async () => {
        const answer = await staffApi.reset(member.id);
        setLink({ ...answer, heading: `New enrolment link for ${member.email}` });
      }, `${member.email} has a new enrolment link; their old passkeys no longer work.`);
    }
  };

  return (
    <div className="space-y-6">
      {link ? (
        <LinkOnce answer={link} onDone={() => setLink(undefined)} />
      ) : (
        <InviteForm
          problem={problem}
          onInvited={(answer) => {
            setLink({ ...answer, heading: `${answer.member.email} is invited` });
            void team.reload();
          }}
        />
      )}
      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{status}</Notice>
      <CardSection id="team-list" title="The team">
        {team.data ? (
          <ul className="mt-3 divide-y divide-white/10">
            {team.data.members.map((member) => {
              const state = stateOf(member);
              const self = member.id === me.id;
              return (
                <li key={member.id} className="grid gap-3 py-4 md:grid-cols-[1fr_10rem_auto] md:items-center">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-white">
                      {member.displayName ?? member.email}
                      {self ? <span className="text-slate-400"> (you)</span> : null}
                    </p>
                    {member.displayName ? <p className="truncate text-sm text-slate-300">{member.email}</p> : null}
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
                      <span className={`${badge} ${badgeTones[state.tone]}`}>{state.text}</span>
                      <span>
                        {member.passkeys} passkey{member.passkeys === 1 ? '' : 's'}
                      </span>
                      <span>{member.lastSignInAt ? `last signed in ${formatRelative(member.lastSignInAt)}` : 'never signed in'}</span>
                    </p>
                  </div>
                  <div>
                    <label htmlFor={`role-${member.id}`} className="sr-only">
                      Role of {member.email}
                    </label>
                    <select
                      id={`role-${member.id}`}
                      className={input}
                      value={member.role}
                      onChange={(e) => {
                        const role = e.target.value as StaffRole;
                        void act(() => staffApi.setRole(member.id, role), `${member.email} is now ${roleLabels[role].toLowerCase()}.`);
                      }}
                    >
                      {roleOptions}
                    </select>
                  </div>
                  <div className="flex flex-wrap gap-2 md:justify-end">
                    {self ? null : member.disabled ? (
                      <Button variant="secondary" size="sm" onClick={() => act(() => staffApi.enable(member.id), `${member.email} is enabled.`)}>
                        Enable<span className="sr-only"> {member.email}</span>
                      </Button>
                    ) : (
                      <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'disable', member })}>
                        Disable<span className="sr-only"> {member.email}</span>
                      </Button>
                    )}
                    {self ? null : (
                      <Button variant="ghost" size="sm" onClick={() => setPending({ kind: 'reset', member })}>
                        New link<span className="sr-only"> for {member.email}</span>
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={`mt-3 ${muted}`}>{team.loading ? 'Loading…' : 'The team could not be loaded.'}</p>
        )}
      </CardSection>
      <ConfirmDialog
        open={pending !== undefined}
        title={question?.kind === 'disable' ? `Disable ${question.member.email}?` : `New enrolment link for ${question?.member.email ?? 'this person'}?`}
        confirmLabel={question?.kind === 'disable' ? 'Disable' : 'Revoke passkeys and make a link'}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(undefined)}
        body={
          question?.kind === 'disable'
            ? 'They are signed out everywhere at once and cannot sign in until an admin enables them again.'
            : 'Their passkeys stop working and their sessions end now. The new link, shown once, lets them create a passkey again.'
        }
        cancelLabel="Cancel"
      />
    </div>
  );
}
