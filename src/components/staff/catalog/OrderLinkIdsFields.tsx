import { locations } from '../../../data/locations.ts';
import { currencies } from '../../../lib/price.ts';
import { FormField } from '../FormField.tsx';
import { input, muted } from '../staff-styles.ts';
import type { EditedLine } from './catalog-lines.ts';

interface OrderLink {
  template: string;
  currencyIds?: Record<string, string>;
  locationIds?: Record<string, string>;
  [field: string]: unknown;
}

interface OrderLinkIdsFieldsProps {
  line: EditedLine;
  base: string;
  errorOf: (field: string) => string | undefined;
  onChange: (line: EditedLine) => void;
}

/** A map with one key set to a value, or left out when the value is empty (the default: the code or id itself). */
function withId(map: Record<string, string> | undefined, key: string, value: string): Record<string, string> {
  const { [key]: _old, ...rest } = map ?? {};
  return value.trim() === '' ? rest : { ...rest, [key]: value };
}

/**
 * The currency a line is priced in, and what its order link sends the billing portal for it and
 * for each location (docs/decisions.md 104, 161): `{currencyId}` and `{locationId}` in the
 * template, the code or the location's id where none is given.
 */
export function OrderLinkIdsFields({ line, base, errorOf, onChange }: OrderLinkIdsFieldsProps) {
  const orderLink = line.orderLink as OrderLink | undefined;
  const setLink = (next: OrderLink) => onChange({ ...line, orderLink: next });
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <FormField id={`${base}-currency`} label="Currency" hint="Every price of this line is in it." error={errorOf('currency')}>
        <select className={input} value={line.currency} onChange={(e) => onChange({ ...line, currency: e.target.value })}>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </FormField>
      {orderLink ? (
        <>
          <FormField
            id={`${base}-currency-id`}
            label={`Portal's id for ${line.currency}`}
            hint="{currencyId} in the order link (WHMCS numbers its currencies); empty: the code."
            error={errorOf(`orderLink.currencyIds.${line.currency}`)}
          >
            <input
              className={input}
              value={orderLink.currencyIds?.[line.currency] ?? ''}
              placeholder={line.currency}
              onChange={(e) => setLink({ ...orderLink, currencyIds: withId(orderLink.currencyIds, line.currency, e.target.value) })}
            />
          </FormField>
          <fieldset className="sm:col-span-2" aria-describedby={`${base}-location-ids-hint`}>
            <legend className="text-sm font-medium text-slate-200">Portal's value for each location</legend>
            <p id={`${base}-location-ids-hint`} className={`${muted} text-xs`}>
              {'{locationId}'} in the order link; empty: the location's id.
            </p>
            <div className="mt-2 grid gap-3 sm:grid-cols-3">
              {locations.map((location) => (
                <FormField
                  key={location.id}
                  id={`${base}-location-id-${location.id}`}
                  label={location.name}
                  error={errorOf(`orderLink.locationIds.${location.id}`)}
                >
                  <input
                    className={input}
                    value={orderLink.locationIds?.[location.id] ?? ''}
                    placeholder={location.id}
                    onChange={(e) => setLink({ ...orderLink, locationIds: withId(orderLink.locationIds, location.id, e.target.value) })}
                  />
                </FormField>
              ))}
            </div>
          </fieldset>
        </>
      ) : (
        <p className={`${muted} self-end text-xs`}>With an order link template of its own, the portal's ids for the currency and locations are set here.</p>
      )}
    </div>
  );
}
