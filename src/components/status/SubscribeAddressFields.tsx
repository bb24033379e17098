import type { RefObject } from 'react';
import { subscriptionLimits, type SubscriptionChannel, type SubscriptionFieldErrors } from '../../../contracts/subscriptions-rules.ts';
import type { SubscriptionsCopy } from '../../data/subscriptions.ts';
import { choiceClass, inputClass, radioClass } from './subscribe-form-classes.ts';

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The subscribe form's channel (e-mail or webhook) and address, with their errors (SubscribeForm.tsx). */
export function SubscribeAddressFields({
  id,
  copy,
  channel,
  setChannel,
  emailAvailable,
  address,
  setAddress,
  errors,
  setErrors,
  addressRef,
}: {
  id: string;
  copy: SubscriptionsCopy['form'];
  channel: SubscriptionChannel;
  setChannel: (channel: SubscriptionChannel) => void;
  emailAvailable: boolean;
  address: string;
  setAddress: (address: string) => void;
  errors: SubscriptionFieldErrors;
  setErrors: (errors: SubscriptionFieldErrors) => void;
  addressRef: RefObject<HTMLInputElement | null>;
}) {
  const field = channel === 'email' ? copy.email : copy.webhook;
  return (
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
  );
}
