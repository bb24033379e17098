import { Fingerprint } from 'lucide-react';
import { useId, useState } from 'react';
import type { StaffPasskey, StaffSession } from '../../../contracts/staff.ts';
import { passkeyNameMaxLength, passkeyNameProblem, sessionIdleMinutes } from '../../../contracts/staff-rules.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { CardSection } from './CardSection.tsx';
import type { SectionProps } from './section-props.ts';
import { describeUserAgent, formatDateTime, formatRelative } from './format.ts';
import { Notice } from './Notice.tsx';
import { createPasskey } from './passkey-ceremony.ts';
import { staffApi } from './staff-api.ts';
import { badge, badgeTones, fieldError, input, label, muted } from './staff-styles.ts';
import { useLoad } from './use-load.ts';
import { useNotices } from './use-notices.ts';

function PasskeyRow({
  passkey,
  only,
  onRename,
  onRemove,
}: {
  passkey: StaffPasskey;
  only: boolean;
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string>();
  const id = useId();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameProblem(name);
    setNameError(problem);
    if (problem) return;
    if (await onRename(name)) setEditing(false);
  };

  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
      {editing ? (
        <form onSubmit={save} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
          <div className="grow">
            <label htmlFor={id} className="sr-only">
              New name for {passkey.name}
            </label>
            <input
              id={id}
              className={input}
              value={name}
              maxLength={passkeyNameMaxLength}
              onChange={(e) => setName(e.target.value)}
              ref={(el) => el?.focus()}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-error` : undefined}
            />
            {nameError ? (
              <p id={`${id}-error`} className={fieldError}>
                {nameError}
              </p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Save
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-white">
            {passkey.name}
            {passkey.synced ? <span className={`${badge} ${badgeTones.neutral}`}>Synced</span> : null}
          </p>
          <p className="text-sm text-slate-300">
            Added {formatDateTime(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${formatRelative(passkey.lastUsedAt)}` : 'not used to sign in yet'}
          </p>
        </div>
      )}
      {editing ? null : (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Rename<span className="sr-only"> {passkey.name}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={only} aria-describedby={only ? 'only-passkey' : undefined}>
            Remove<span className="sr-only"> {passkey.name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

function SessionRow({ session, onEnd }: { session: StaffSession; onEnd: () => void }) {
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-white">
          {describeUserAgent(session.userAgent)}
          {session.current ? <span className={`${badge} ${badgeTones.good}`}>This browser</span> : null}
        </p>
        <p className="text-sm text-slate-300">
          From {session.clientIp} · signed in {formatDateTime(session.createdAt)} · active {formatRelative(session.lastSeenAt)} · ends by{' '}
          {formatDateTime(session.expiresAt)}
        </p>
      </div>
      <div className="sm:text-right">
        <Button variant="secondary" size="sm" onClick={onEnd}>
          {session.current ? 'Sign out here' : 'End session'}
          {session.current ? null : <span className="sr-only"> of {describeUserAgent(session.userAgent)}</span>}
        </Button>
      </div>
    </li>
  );
}

/** My account: passkeys (add, rename, remove but never the last) and sessions (see, end). */
export function AccountSection({ problem, signedOut }: SectionProps) {
  const { error, status, failed, run } = useNotices(problem);
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffPasskey>();
  const passkeys = useLoad(() => staffApi.passkeys(), failed);
  const sessions = useLoad(() => staffApi.sessions(), failed);
  const addId = useId();

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const problemText = passkeyNameProblem(newName);
    setNewNameError(problemText);
    if (problemText) return;
    setAdding(true);
    const name = newName.trim();
    const ok = await run(async () => {
      const { challengeId, ...options } = await staffApi.passkeyOptions();
      const credential = await createPasskey(options);
      await staffApi.addPasskey(challengeId, credential, name);
    }, `Passkey “${name}” added. You can sign in with it from now on.`);
    if (ok) setNewName('');
    setAdding(false);
    await passkeys.reload();
  };

  const list = passkeys.data?.passkeys ?? [];
  const only = list.length === 1;

  return (
    <div className="space-y-6">
      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{status}</Notice>
      <CardSection id="passkeys-title" title="Passkeys">
        <p className={`mt-1 ${muted}`}>Add a second passkey (another device, or a security key) so that losing one does not lock you out.</p>
        {passkeys.data ? (
          <ul className="mt-2 divide-y divide-white/10">
            {list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                only={only}
                onRename={async (name) => {
                  const ok = await run(() => staffApi.renamePasskey(passkey.id, name), `Passkey renamed to “${name.trim()}”.`);
                  await passkeys.reload();
                  return ok;
                }}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </ul>
        ) : (
          <p className={`mt-3 ${muted}`}>Loading…</p>
        )}
        {only ? (
          <p id="only-passkey" className={`mt-1 ${muted}`}>
            Your only passkey cannot be removed: add another one first.
          </p>
        ) : null}
        <form onSubmit={add} noValidate className="mt-4 border-t border-white/10 pt-4">
          <label htmlFor={addId} className={label}>
            Name of the new passkey
          </label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="grow">
              <input
                id={addId}
                className={input}
                value={newName}
                placeholder="Work laptop, YubiKey…"
                maxLength={passkeyNameMaxLength}
                onChange={(e) => setNewName(e.target.value)}
                aria-invalid={newNameError ? true : undefined}
                aria-describedby={newNameError ? `${addId}-error` : undefined}
              />
              {newNameError ? (
                <p id={`${addId}-error`} className={fieldError}>
                  {newNameError}
                </p>
              ) : null}
            </div>
            <Button type="submit" disabled={adding} className="shrink-0">
              <Fingerprint aria-hidden="true" className="size-4" />
              {adding ? 'Waiting for your device…' : 'Add a passkey'}
            </Button>
          </div>
        </form>
      </CardSection>
      <CardSection id="sessions-title" title="Sessions">
        <p className={`mt-1 ${muted}`}>Where you are signed in. A session ends 12 hours after sign-in, or after {sessionIdleMinutes} minutes without use.</p>
        {sessions.data ? (
          <ul className="mt-2 divide-y divide-white/10">
            {sessions.data.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={async () => {
                  const ok = await run(() => staffApi.endSession(session.id), 'Session ended.');
                  if (ok && session.current) signedOut('You are signed out.');
                  else await sessions.reload();
                }}
              />
            ))}
          </ul>
        ) : (
          <p className={`mt-3 ${muted}`}>Loading…</p>
        )}
      </CardSection>
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove the passkey “${removing?.name ?? ''}”?`}
        confirmLabel="Remove passkey"
        onCancel={() => setRemoving(undefined)}
        onConfirm={async () => {
          const target = removing!;
          setRemoving(undefined);
          await run(() => staffApi.removePasskey(target.id), `Passkey “${target.name}” removed.`);
          await passkeys.reload();
        }}
        body="You will no longer be able to sign in with it. Your other passkeys keep working."
        cancelLabel="Cancel"
      />
    </div>
  );
}
