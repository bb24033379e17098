import { BellOff, CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../ui/Button.tsx';
import { alertsApi } from './alerts-api.ts';
import { card, loneCardPage, muted } from './staff-styles.ts';

type Link = { alert: number; channel: string; token: string };

/** The link's parts from its fragment (#alert=…&channel=…&token=…), which browsers never send. */
function linkOf(hash: string): Link | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const alert = Number(params.get('alert'));
  const channel = params.get('channel');
  const token = params.get('token');
  return Number.isInteger(alert) && alert > 0 && channel && token ? { alert, channel, token } : null;
}

/**
 * What the acknowledge link in an alert opens: no sign-in, one button (chat apps and mail
 * scanners open links by themselves; only a person's press acknowledges).
 */
export function AcknowledgePage() {
  const [link, setLink] = useState<Link | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    const found = linkOf(window.location.hash);
    setLink(found);
    if (found) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const acknowledge = async () => {
    if (!link) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await alertsApi.acknowledgeByLink(link);
      setDone(
        answer.state === 'recovered'
          ? `${answer.monitorName} has recovered already: there is nothing to acknowledge.`
          : `${answer.monitorName} is acknowledged (${answer.acknowledgedBy ?? 'someone'}). Reminders stop; the recovery will still be sent.`,
      );
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className={loneCardPage}>
      <div className={`${card} w-full max-w-md`}>
        <h1 className="text-2xl font-bold text-white">Acknowledge an alert</h1>
        <p className={`mt-2 ${muted}`}>Tell the team someone is on it: the reminders for this alert stop.</p>
        {link === null ? (
          <p role="alert" className="mt-4 text-amber-200">
            This page needs the whole link from the alert. Open it again from the message, or acknowledge in the staff console.
          </p>
        ) : null}
        {link && !done ? (
          <div className="mt-5">
            <Button onClick={() => void acknowledge()} disabled={busy}>
              <BellOff aria-hidden="true" className="size-4" />
              {busy ? 'Acknowledging…' : 'Acknowledge'}
            </Button>
          </div>
        ) : null}
        <div role="status" className="mt-4">
          {done ? (
            <p className="flex items-start gap-2 text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{done}</span>
            </p>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="mt-4 text-rose-300">
            {problem}
          </p>
        ) : null}
        <p className="mt-6">
          <a href="/staff#alerts" className="text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
            Open the staff console
          </a>
        </p>
      </div>
    </main>
  );
}
