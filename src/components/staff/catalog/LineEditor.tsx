import { FormField } from '../FormField.tsx';
import { input } from '../staff-styles.ts';
import type { EditedLine } from './catalog-lines.ts';
import { OrderLinkIdsFields } from './OrderLinkIdsFields.tsx';

interface LineEditorProps {
  line: EditedLine;
  errorOf: (field: string) => string | undefined;
  onChange: (line: EditedLine) => void;
}

interface OrderLink {
  template: string;
  [field: string]: unknown;
}

const orderLinkHint =
  "Empty: the plan's store page. Filled in per plan and location: {store} {line} {plan} {pid} {location} {locationId} {currency} {currencyId}.";

/** A product line's own fields: its name, its sentence for overviews, its page's introduction, its currency and its order link. */
export function LineEditor({ line, errorOf, onChange }: LineEditorProps) {
  const orderLink = line.orderLink as OrderLink | undefined;
  const setTemplate = (template: string) => {
    const { orderLink: _unset, ...rest } = line;
    onChange(template.trim() === '' ? (rest as EditedLine) : { ...line, orderLink: { currencyIds: {}, locationIds: {}, ...orderLink, template } });
  };
  const base = `catalog-line-${line.id}`;
  return (
    <fieldset className="mt-4 rounded-lg border border-white/10 p-4">
      <legend className="px-1 text-sm font-semibold text-white">The line: {line.name || line.id}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${base}-name`} label="Line name" error={errorOf('name')}>
          <input className={input} value={line.name} onChange={(e) => onChange({ ...line, name: e.target.value })} />
        </FormField>
        <FormField id={`${base}-order-link`} label="Order link template" hint={orderLinkHint} error={errorOf('orderLink.template')}>
          <input
            className={input}
            value={orderLink?.template ?? ''}
            placeholder="{store}/{line}/{plan}?location={location}&currency={currency}"
            onChange={(e) => setTemplate(e.target.value)}
          />
        </FormField>
      </div>
      <OrderLinkIdsFields line={line} base={base} errorOf={errorOf} onChange={onChange} />
      <div className="mt-3 space-y-3">
        <FormField
          id={`${base}-summary`}
          label="Description"
          hint="One sentence for the overviews, the products page and search (20 to 160 characters)."
          error={errorOf('summary')}
        >
          <input className={input} value={String(line.summary ?? '')} onChange={(e) => onChange({ ...line, summary: e.target.value })} />
        </FormField>
        <FormField id={`${base}-intro`} label="Introduction" hint="Under the heading of the line's page." error={errorOf('intro')}>
          <textarea className={input} rows={3} value={String(line.intro ?? '')} onChange={(e) => onChange({ ...line, intro: e.target.value })} />
        </FormField>
      </div>
    </fieldset>
  );
}
