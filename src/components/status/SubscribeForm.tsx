import { BellRing, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { validateSubscription, type SubscriptionChannel, type SubscriptionFieldErrors } from '../../../contracts/subscriptions-rules.ts';
import type { SubscriptionsCopy } from '../../data/subscriptions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fetchSubscriptionOptions, subscribe, type SubscriptionOptions } from '../subscriptions/subscriptions-api.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { cardVariants } from '../ui/card-variants.ts';
import { SubscribeAddressFields } from './SubscribeAddressFields.tsx';
import { SubscribeMonitorsFieldset } from './SubscribeMonitorsFieldset.tsx';

/**
 * The board's "Get notified" form: e-mail or a Discord/Slack webhook, for every monitor or
 * chosen ones. The server answers the same whether or not the address was known; what it says
 * is shown as it is. Field problems appear at their fields, checked by the same rules as the server.
 * The form appears once the site has said which channels it offers, with the right one chosen:
 * before that (and in the built HTML) there is nothing to fill in or send, only a loading line.
 */
export function SubscribeForm({ copy }: { copy: SubscriptionsCopy['form'] }) {
  const id = useId();
  const [options, setOptions] = useState<SubscriptionOptions | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [channel, setChannel] = useState<SubscriptionChannel>('webhook');
  const [address, setAddress] = useState('');
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<SubscriptionFieldErrors>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const addressRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchSubscriptionOptions(controller.signal)
      .then((loaded) => {
        setChannel(loaded.channels.includes('email') ? 'email' : 'webhook');
        setOptions(loaded);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadFailed(true);
      });
    return () => controller.abort();
  }, []);

  const emailAvailable = options?.channels.includes('email') === true;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setProblem(undefined);
    setDone(undefined);
    const monitorIds = scope === 'all' ? [] : chosen;
    const checked = validateSubscription({ channel, address, monitorIds });
    const local: SubscriptionFieldErrors = checked.ok ? {} : { ...checked.fields };
    if (scope === 'chosen' && chosen.length === 0) local.monitorIds = copy.chooseAtLeastOne;
    if (!checked.ok || local.monitorIds) {
      setErrors(local);
      if (local.address) addressRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await subscribe(checked.value);
      setDone(answer.message);
      setAddress('');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setErrors(error.fields as SubscriptionFieldErrors);
        if (error.fields.address) addressRef.current?.focus();
      } else {
        setProblem(error instanceof Error ? error.message : copy.loadFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} data-testid="subscribe" className={cardVariants({ edge: 'ring', className: 'mt-10 p-5 sm:p-6' })}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-white">
        <BellRing className="size-5 text-brand-300" aria-hidden="true" />
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{copy.intro}</p>
      <noscript>
        <p className="mt-4 text-sm text-slate-300">{copy.noScript}</p>
      </noscript>
      {loadFailed ? (
        <p className="mt-4 text-sm text-amber-200" role="alert">
          {copy.loadFailed}
        </p>
      ) : !options ? (
        <p className="js-only mt-5 min-h-40 text-sm text-slate-400" role="status" data-testid="subscribe-loading">
          {copy.loading}
        </p>
      ) : (
        <form className="js-only mt-5 grid gap-5 lg:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
          <SubscribeAddressFields
            id={id}
            copy={copy}
            channel={channel}
            setChannel={setChannel}
            emailAvailable={emailAvailable}
            address={address}
            setAddress={setAddress}
            errors={errors}
            setErrors={setErrors}
            addressRef={addressRef}
          />
          <SubscribeMonitorsFieldset
            id={id}
            copy={copy}
            options={options}
            scope={scope}
            setScope={setScope}
            chosen={chosen}
            setChosen={setChosen}
            errors={errors}
          />
          <div className="lg:col-span-2">
            <button type="submit" disabled={busy} className={buttonVariants()}>
              {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <BellRing className="size-4" aria-hidden="true" />}
              {busy ? copy.sending : copy.submit}
            </button>
            <p className="mt-3 text-xs text-slate-400">{copy.privacy}</p>
            <div role="status" className="mt-3 text-sm text-emerald-300">
              {done && <p>{done}</p>}
            </div>
            {problem && (
              <p role="alert" className="mt-3 text-sm text-red-300">
                {problem}
              </p>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
