import { CheckCircle2, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { tokenFromFragment } from '../../../contracts/subscriptions-rules.ts';
import type { SubscriptionsCopy } from '../../data/subscriptions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { confirmSubscription, unsubscribe, type ConfirmAnswer } from './subscriptions-api.ts';

type Copy = SubscriptionsCopy['confirmPage'] | SubscriptionsCopy['unsubscribePage'];

/**
 * What a confirm or unsubscribe link opens. The token rides in the fragment (#token=…), which
 * browsers never send: it stays out of server and proxy logs and Referer headers. Nothing
 * happens on opening (mail scanners open every link); the one button posts the token.
 */
export function SubscriptionLinkPage({ action, copy }: { action: 'confirm' | 'unsubscribe'; copy: Copy }) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [scope, setScope] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    const found = tokenFromFragment(window.location.hash);
    setToken(found ?? null);
    // Out of the address bar and the history once read.
    if (found) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  async function act(): Promise<void> {
    if (!token) return;
    setState('busy');
    setProblem(undefined);
    try {
      if (action === 'confirm') {
        const answer: ConfirmAnswer = await confirmSubscription(token);
        setScope(answer.allMonitors ? undefined : answer.monitors.map((m) => m.name).join(', '));
      } else {
        await unsubscribe(token);
      }
      setState('done');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      setState('idle');
    }
  }

  return (
    <div className="mt-8 space-y-5">
      {token === null && (
        <p role="alert" className="text-amber-200">
          {copy.missing}
        </p>
      )}
      {token && state !== 'done' && (
        <button type="button" className={buttonVariants({ size: 'lg' })} disabled={state === 'busy'} onClick={() => void act()}>
          {state === 'busy' && <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />}
          {state === 'busy' ? copy.busy : copy.button}
        </button>
      )}
      <div role="status">
        {state === 'done' && (
          <p className="flex items-start justify-center gap-2 text-emerald-300">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              {copy.done}
              {scope && 'doneScope' in copy && ` ${copy.doneScope} ${scope}.`}
            </span>
          </p>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
      <p>
        <a href="/network-status" className="font-semibold text-brand-300 underline-offset-4 hover:text-white hover:underline">
          {copy.back}
        </a>
      </p>
    </div>
  );
}
