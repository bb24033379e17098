import { AlertTriangle, Loader2, LogIn, Server, Share2 } from 'lucide-react';
import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { cardVariants } from '../ui/card-variants.ts';
import { FirstViewContext, PanelPageContext, signedOutAnswer } from './first-view.ts';
import { panelApi, type MyServer, type MyServersAnswer } from './panel-api.ts';

// Loaded when an owner first opens Share: most visits never do.
const SharePanel = lazy(() => import('./SharePanel.tsx').then((module) => ({ default: module.SharePanel })));

const stateLabels = { offline: 'Offline', starting: 'Starting', running: 'Running', stopping: 'Stopping' } as const;
const boardLabels: Record<string, string> = {
  up: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  maintenance: 'Maintenance',
  paused: 'Paused',
  pending: 'Checking',
};

/**
 * The server the page was opened for (`/control-panel?server=ID`, what billing e-mails link to),
 * taken once: the parameter leaves the address, so going back to the list does not open it again.
 */
function deepLinkedServer(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const url = new URL(window.location.href);
  const id = url.searchParams.get('server')?.trim();
  if (!id) return undefined;
  url.searchParams.delete('server');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return id;
}

/** Where sign-in brings the customer back: this page (`page` when rendered at build), with its deep link if any. */
function returnHere(page: string, server: string | undefined): string {
  const here = typeof window === 'undefined' ? page : window.location.pathname;
  return server ? `${here}?server=${encodeURIComponent(server)}` : here;
}

interface MyServersProps {
  opening: boolean;
  onOpen(serverId: string): Promise<boolean>;
  /** Called when this site offers no sign-in that finds servers: the key's form comes first then. */
  onNoSignIn(): void;
}

/**
 * "My servers" and "Shared with me" for a signed-in customer (docs/decisions.md 80-82): each
 * server's name, game, plan, location, state, address, what the engine's state means, and the
 * status board's word on its location; Open, and Share for its owner. A deep link opens its server.
 */
export function MyServers({ opening, onOpen, onNoSignIn }: MyServersProps) {
  // Signed-out until the answer says otherwise, on a page rendered so at build (first-view.ts).
  const [answer, setAnswer] = useState<MyServersAnswer | undefined>(useContext(FirstViewContext) === 'signed-out' ? signedOutAnswer : undefined);
  const [error, setError] = useState<string>();
  const [sharing, setSharing] = useState<string>();
  const linked = useRef<string | undefined>(undefined);
  const page = useContext(PanelPageContext);

  useEffect(() => {
    let cancelled = false;
    linked.current ??= deepLinkedServer();
    panelApi.myServers().then(
      (loaded) => {
        if (cancelled) return;
        setAnswer(loaded);
        if (!loaded.signedIn && !loaded.signInOffered) onNoSignIn();
        // Kept until signed in: the sign-in link brings the customer back to it.
        const wanted = linked.current;
        if (!loaded.signedIn) return;
        linked.current = undefined;
        if (wanted) void onOpen(wanted);
      },
      (failure: unknown) => !cancelled && setError(messageOf(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [onOpen, onNoSignIn]);

  if (error) return <p className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">{error}</p>;
  if (!answer) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-400">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Looking for your servers…
      </p>
    );
  }
  if (!answer.signedIn && !answer.signInOffered) {
    return (
      <section aria-labelledby="my-servers-signin" className={cardVariants({ className: 'mx-auto w-full max-w-md p-6 text-center' })}>
        <h2 id="my-servers-signin" className="text-xl font-bold text-white">
          Your servers
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          Sign-in is not set up on this site: connect below with the Server ID and access key you received with your order.
        </p>
      </section>
    );
  }
  if (!answer.signedIn) {
    return (
      <section aria-labelledby="my-servers-signin" className={cardVariants({ className: 'mx-auto w-full max-w-md p-6 text-center' })}>
        <h2 id="my-servers-signin" className="text-xl font-bold text-white">
          Your servers, one sign-in away
        </h2>
        <p className="mt-2 text-sm text-slate-300">Sign in with the e-mail address of your order to see every server you have, and those shared with you.</p>
        <a
          href={`/account/signin?returnTo=${encodeURIComponent(returnHere(page, linked.current))}`}
          className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}
        >
          <LogIn aria-hidden className="size-4" /> Sign in
        </a>
      </section>
    );
  }
  const list = (servers: MyServer[], empty: string) =>
    servers.length === 0 ? (
      <p className="text-sm text-slate-400">{empty}</p>
    ) : (
      <ul className="grid gap-4 md:grid-cols-2">
        {servers.map((server) => (
          <li key={server.id}>
            <ServerCard
              server={server}
              opening={opening}
              onOpen={onOpen}
              sharing={sharing === server.id}
              onShare={() => setSharing(sharing === server.id ? undefined : server.id)}
            />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="space-y-8">
      <section aria-labelledby="my-servers-heading">
        <h2 id="my-servers-heading" className="mb-4 text-xl font-bold text-white">
          My servers
        </h2>
        {list(answer.owned, 'No server is linked to your account yet. Servers bought with this e-mail address appear here.')}
      </section>
      <section aria-labelledby="shared-heading">
        <h2 id="shared-heading" className="mb-4 text-xl font-bold text-white">
          Shared with me
        </h2>
        {list(answer.shared, 'Nobody has shared a server with you.')}
      </section>
    </div>
  );
}

/** A detail the engine or the servers file gave, or "Not known" in words (a lone dash reads as nothing to a screen reader). */
function Known({ value, mono }: { value: string | null; mono?: boolean }) {
  if (value === null) return <dd className="text-slate-400">Not known</dd>;
  return <dd className={mono ? 'font-mono text-slate-200' : 'text-slate-200'}>{value}</dd>;
}

function ServerCard({
  server,
  opening,
  onOpen,
  sharing,
  onShare,
}: {
  server: MyServer;
  opening: boolean;
  onOpen(id: string): Promise<boolean>;
  sharing: boolean;
  onShare(): void;
}) {
  const running = server.state === 'running';
  const headingId = `server-${server.id}`;
  return (
    <article aria-labelledby={headingId} className={cardVariants({ className: 'flex h-full flex-col gap-3 p-5' })}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold text-white">
            {server.name}
          </h3>
          <p className="font-mono text-xs text-slate-400">{server.id}</p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${running ? 'bg-green-500/15 text-green-200' : 'bg-slate-500/20 text-slate-200'}`}
        >
          {server.state ? stateLabels[server.state] : 'State unknown'}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-400">Game</dt>
        <Known value={server.game} />
        <dt className="text-slate-400">Plan</dt>
        <Known value={server.plan} />
        <dt className="text-slate-400">Location</dt>
        <Known value={server.location} />
        <dt className="text-slate-400">Address</dt>
        <Known value={server.address} mono />
        {server.role === 'shared' && (
          <>
            <dt className="text-slate-400">You may use</dt>
            <dd className="text-slate-200">{server.grants.join(', ')}</dd>
          </>
        )}
      </dl>
      {server.statusText && (
        <p className="flex gap-2 rounded-lg border border-yellow-400/30 bg-yellow-500/10 px-3 py-2 text-sm text-yellow-100">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {server.statusText}{' '}
            {server.payUrl && (
              <a className="font-medium underline" href={server.payUrl}>
                Pay in the billing portal
              </a>
            )}
          </span>
        </p>
      )}
      {server.board && (
        <div className="text-sm text-slate-300">
          <p>
            Network at {server.board.monitor}: <span className="font-medium text-white">{boardLabels[server.board.status] ?? server.board.status}</span>
          </p>
          {server.board.notices.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {server.board.notices.map((notice) => (
                <li key={notice.id}>
                  <a className="underline" href="/network-status">
                    {notice.kind === 'incident' ? 'Incident' : 'Maintenance'}: {notice.title}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <button type="button" className={buttonVariants({ size: 'sm' })} disabled={opening} onClick={() => void onOpen(server.id)}>
          <Server aria-hidden className="size-4" /> Open<span className="sr-only"> {server.name}</span>
        </button>
        {server.role === 'owner' && (
          <button type="button" className={buttonVariants({ variant: 'secondary', size: 'sm' })} aria-expanded={sharing} onClick={onShare}>
            <Share2 aria-hidden className="size-4" /> Share<span className="sr-only"> {server.name}</span>
          </button>
        )}
      </div>
      {sharing && (
        <Suspense fallback={<p className="text-sm text-slate-400">Loading…</p>}>
          <SharePanel serverId={server.id} serverName={server.name} />
        </Suspense>
      )}
    </article>
  );
}
