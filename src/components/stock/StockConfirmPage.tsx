import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';

/**
 * What a "tell me when it is back" confirmation link opens (docs/decisions.md 103). The token
 * rides in the fragment, which browsers never send; opening the page does nothing (mail scanners
 * open every link), its one button confirms.
 */
export function StockConfirmPage() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
    setToken(found && /^[A-Za-z0-9_.-]{10,300}$/.test(found) ? found : null);
    if (found) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  async function confirm(): Promise<void> {
    if (!token) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await apiFetch<{ message: string }>('POST', '/api/catalog/stock/watch/confirm', { body: { token } });
      setDone(answer.message);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-8 space-y-5">
      {token === null && (
        <p role="alert" className="text-amber-200">
          This page needs the link from the mail we sent. Open it again from that mail.
        </p>
      )}
      {token && !done && (
        <button type="button" className={buttonVariants({ size: 'lg' })} disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Confirming…' : 'Confirm'}
        </button>
      )}
      <p role="status" className="text-emerald-300">
        {done ?? ''}
      </p>
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
      <p>
        <a href="/products" className="font-semibold text-brand-300 underline-offset-4 hover:text-white hover:underline">
          Back to our plans
        </a>
      </p>
    </div>
  );
}
