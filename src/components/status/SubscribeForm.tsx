import { BellRing, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { subscriptionLimits, validateSubscription, type SubscriptionChannel, type SubscriptionFieldErrors } from '../../../contracts/subscriptions-rules.ts';
import type { SubscriptionsCopy } from '../../data/subscriptions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fetchSubscriptionOptions, subscribe, type SubscriptionOptions } from '../subscriptions/subscriptions-api.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { cardVariants } from '../ui/card-variants.ts';

const inputClass =
  'mt-1 block w-full rounded-lg bg-surface-950/80 px-3 py-2 text-sm text-white ring-1 ring-white/10 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-400 focus:outline-none aria-[invalid=true]:ring-red-400/70';
const choiceClass = 'flex items-center gap-2 text-sm text-slate-200';
const radioClass = 'size-4 accent-brand-500';

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
  const field = channel === 'email' ? copy.email : copy.webhook;

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

  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

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
          <div className="space-y-5">
            <fieldset>
              <legend className="text-sm font-medium text-slate-200">{copy.channelLegend}</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {(['email', 'webhook'] as const).map((value) => (
                  <label key={value} className={choiceClass}>
                    <input
                      type="radio"
                      name="channel"
                      value={value}
                      className={radioClass}
                      checked={channel === value}
                      disabled={value === 'email' && !emailAvailable}
                      onChange={() => {
                        setChannel(value);
                        setErrors({});
                      }}
                    />
                    {value === 'email' ? copy.email.option : copy.webhook.option}
                  </label>
                ))}
              </div>
              {!emailAvailable && <p className="mt-1 text-xs text-slate-400">{copy.emailUnavailable}</p>}
            </fieldset>
            <div>
              <label htmlFor={`${id}-address`} className="text-sm font-medium text-slate-200">
                {field.label}{' '}
                <span className="text-red-300" aria-hidden="true">
                  *
                </span>
              </label>
              <input
                ref={addressRef}
                id={`${id}-address`}
                name="address"
                type={channel === 'email' ? 'email' : 'url'}
                inputMode={channel === 'email' ? 'email' : 'url'}
                autoComplete={channel === 'email' ? 'email' : 'off'}
                spellCheck={false}
                required
                maxLength={channel === 'email' ? subscriptionLimits.email : subscriptionLimits.webhook}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder={field.placeholder}
                aria-invalid={errors.address ? true : undefined}
                aria-describedby={describedBy(errors.address && `${id}-address-error`, `${id}-address-hint`)}
                className={inputClass}
              />
              {errors.address && (
                <p id={`${id}-address-error`} className="mt-1 text-xs text-red-300">
                  {errors.address}
                </p>
              )}
              <p id={`${id}-address-hint`} className="mt-1 text-xs text-slate-400">
                {field.hint}
              </p>
              {errors.channel && <p className="mt-1 text-xs text-red-300">{errors.channel}</p>}
            </div>
          </div>
          <fieldset aria-describedby={errors.monitorIds ? `${id}-monitors-error` : undefined}>
            <legend className="text-sm font-medium text-slate-200">{copy.monitorsLegend}</legend>
            <div className="mt-2 space-y-2">
              <label className={choiceClass}>
                <input type="radio" name="scope" value="all" className={radioClass} checked={scope === 'all'} onChange={() => setScope('all')} />
                {copy.allMonitors}
              </label>
              <label className={choiceClass}>
                <input
                  type="radio"
                  name="scope"
                  value="chosen"
                  className={radioClass}
                  checked={scope === 'chosen'}
                  disabled={!options?.monitors.length}
                  onChange={() => setScope('chosen')}
                />
                {copy.chosenMonitors}
              </label>
            </div>
            {scope === 'chosen' && options && (
              <ul className="mt-3 grid gap-2 rounded-lg bg-surface-950/50 p-3 ring-1 ring-white/10 sm:grid-cols-2">
                {options.monitors.map((monitor) => (
                  <li key={monitor.id}>
                    <label className={choiceClass}>
                      <input
                        type="checkbox"
                        name="monitorIds"
                        value={monitor.id}
                        className="size-4 accent-brand-500"
                        checked={chosen.includes(monitor.id)}
                        onChange={(e) => setChosen((list) => (e.target.checked ? [...list, monitor.id] : list.filter((m) => m !== monitor.id)))}
                      />
                      {monitor.name}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {errors.monitorIds && (
              <p id={`${id}-monitors-error`} className="mt-2 text-xs text-red-300">
                {errors.monitorIds}
              </p>
            )}
          </fieldset>
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
