import { KeyRound, Plus, XCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ProbeAgentCreated } from '../../../contracts/probe-locations.ts';
import { probeLocationIds, probeLocationName } from '../../../contracts/probe-locations-rules.ts';
import { Button } from '../ui/Button.tsx';
import { CardSection } from './CardSection.tsx';
import { formatRelative } from './format.ts';
import { Notice } from './Notice.tsx';
import { probeAgentsApi } from './probe-agents-api.ts';
import { badge, badgeTones, input, muted } from './staff-styles.ts';
import { useLoad } from './use-load.ts';
import { useNotices } from './use-notices.ts';

/**
 * Probe agents' tokens (admins; docs/decisions.md 48): make one for a location (shown once, here
 * only), see when each agent last reported, revoke one.
 */
export function ProbeAgentsCard({ problem }: { problem: (e: unknown) => string }) {
  const { error, status, failed, run } = useNotices(problem);
  const list = useLoad(() => probeAgentsApi.list(), failed);
  const [location, setLocation] = useState<string>(probeLocationIds[0]);
  const [made, setMade] = useState<ProbeAgentCreated>();
  const id = useId();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setMade(undefined);
    await run(
      async () => setMade(await probeAgentsApi.create(location)),
      `A token for ${probeLocationName(location)} is made: copy it now, it is not shown again.`,
    );
    await list.reload();
  };

  return (
    <CardSection id="probe-agents" title="Probe agents">
      <p className={`mt-1 ${muted}`}>
        An agent at each location probes every monitor; a monitor is down only when most locations agree. Run it with{' '}
        <code className="font-mono">npm run probe-agent -- --site URL --location ID --token TOKEN</code> (docs/deploy.md).
      </p>
      <form onSubmit={create} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-location`} className="mb-1 block text-sm font-medium text-slate-200">
            Location
          </label>
          <select id={`${id}-location`} className={input} value={location} onChange={(e) => setLocation(e.target.value)}>
            {probeLocationIds.map((l) => (
              <option key={l} value={l}>
                {probeLocationName(l)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">
          <Plus aria-hidden="true" className="size-4" />
          Make a token
        </Button>
      </form>
      <div className="mt-4 space-y-3">
        <Notice tone="error">{error}</Notice>
        <Notice tone="success">{status}</Notice>
        {made ? (
          <div className="rounded-lg border border-amber-400/40 bg-amber-500/10 p-3">
            <p className="flex items-center gap-2 text-sm font-medium text-amber-200">
              <KeyRound aria-hidden="true" className="size-4" />
              Token for {probeLocationName(made.location)} (shown once)
            </p>
            <input
              className={`${input} mt-2 font-mono`}
              readOnly
              value={made.token}
              aria-label={`The new token for ${probeLocationName(made.location)}`}
              onFocus={(e) => e.target.select()}
              data-probe-token=""
            />
          </div>
        ) : null}
      </div>
      {list.data ? (
        list.data.agents.length === 0 ? (
          <p className={`mt-4 ${muted}`}>No tokens yet: the site's own server is the only place the network is watched from.</p>
        ) : (
          <ul className="mt-4 divide-y divide-white/10">
            {list.data.agents.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-agent-id={a.id}>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                    {probeLocationName(a.location)}
                    {a.revokedAt !== null ? (
                      <span className={`${badge} ${badgeTones.neutral}`}>Revoked</span>
                    ) : (
                      <span className={`${badge} ${badgeTones.good}`}>Active</span>
                    )}
                  </p>
                  <p className="mt-1 text-xs text-slate-400">
                    {a.id} · made by {a.createdBy} {formatRelative(a.createdAt)} ·{' '}
                    {a.lastSeenAt === null ? 'never reported' : `last report ${formatRelative(a.lastSeenAt)}`}
                  </p>
                </div>
                {a.revokedAt === null ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      void run(() => probeAgentsApi.revoke(a.id), `The ${probeLocationName(a.location)} token is revoked.`).then(() => list.reload())
                    }
                  >
                    <XCircle aria-hidden="true" className="size-4" />
                    Revoke
                    <span className="sr-only">
                      {' '}
                      the {probeLocationName(a.location)} token {a.id}
                    </span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : (
        <p className={`mt-4 ${muted}`}>{list.loading ? 'Loading…' : 'The tokens could not be loaded.'}</p>
      )}
    </CardSection>
  );
}
