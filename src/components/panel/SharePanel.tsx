import { Loader2, Trash2, UserPlus } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { grantLabels, grantNames } from '../../../contracts/my-servers-rules.ts';
import { messageOf } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { invitationNotice } from './invitation-notice.ts';
import { panelApi, type Grant, type Share, type ShareMade } from './panel-api.ts';

const inputClasses =
  'block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40';

function GrantChoices({ legend, chosen, onChange, disabled }: { legend: string; chosen: readonly Grant[]; onChange(next: Grant[]): void; disabled?: boolean }) {
  const id = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-200">{legend}</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {grantNames.map((grant) => (
          <label key={grant} htmlFor={`${id}-${grant}`} className="flex items-center gap-2 text-sm text-slate-300">
            <input
              id={`${id}-${grant}`}
              type="checkbox"
              className="size-4 accent-brand-500"
              checked={chosen.includes(grant)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, grant] : chosen.filter((g) => g !== grant))}
            />
            {grantLabels[grant]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The owner's sharing of one server (docs/decisions.md 81): invite an address with what they may
 * do, change it, or remove them; every refusal is shown in the server's words.
 */
export function SharePanel({ serverId, serverName }: { serverId: string; serverName: string }) {
  const [shares, setShares] = useState<Share[]>();
  const [email, setEmail] = useState('');
  const [grants, setGrants] = useState<Grant[]>(['console']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** What became of the last invitation: whether a mail went, or what to tell the friend. */
  const [notice, setNotice] = useState<string>();
  const ids = useId();

  const load = useCallback(() => {
    panelApi.shares(serverId).then(
      (answer) => setShares(answer.shares),
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [serverId]);
  useEffect(load, [load]);

  const act = async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const result = await work();
      if (typeof done === 'string') notifySuccess(done);
      else setNotice(done(result));
      load();
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (
      await act(
        () => panelApi.share(serverId, address, grants),
        (made: ShareMade) => invitationNotice(made, serverName),
      )
    )
      setEmail('');
  };

  return (
    <section aria-label={`Sharing ${serverName}`} className="mt-2 space-y-4 rounded-lg border border-white/10 bg-surface-950/50 p-4">
      <form onSubmit={(event) => void invite(event)} className="space-y-3" noValidate>
        <label htmlFor={`${ids}-email`} className="block text-sm font-medium text-slate-200">
          Invite by e-mail
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="friend@example.com"
          className={inputClasses}
        />
        <GrantChoices legend="They may use" chosen={grants} onChange={setGrants} disabled={busy} />
        <button type="submit" disabled={busy || !email.trim() || grants.length === 0} className={buttonVariants({ size: 'sm' })}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <UserPlus aria-hidden className="size-4" />} Invite
        </button>
      </form>
      {notice && (
        <p role="status" className="rounded-lg border border-emerald-400/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-100">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      <div>
        <h4 className="text-sm font-semibold text-white">Shared with</h4>
        {!shares ? (
          <p className="text-sm text-slate-400">Loading…</p>
        ) : shares.length === 0 ? (
          <p className="text-sm text-slate-400">Nobody yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {shares.map((share) => (
              <li key={share.id} className="space-y-2 rounded-lg border border-white/10 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-white">{share.email}</span>
                  <button
                    type="button"
                    disabled={busy}
                    className={buttonVariants({ variant: 'ghost', size: 'xs' })}
                    onClick={() => void act(() => panelApi.removeShare(serverId, share.id), `${share.email} no longer has access`)}
                  >
                    <Trash2 aria-hidden className="size-4" /> Remove<span className="sr-only"> {share.email}</span>
                  </button>
                </div>
                <GrantChoices
                  legend={`What ${share.email} may use`}
                  chosen={share.grants}
                  disabled={busy}
                  onChange={(next) => {
                    if (next.length > 0) void act(() => panelApi.changeShare(serverId, share.id, next), `Changed what ${share.email} may use`);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
