import type { CatalogDocument } from '../../../../contracts/catalog.ts';
import { CardSection } from '../CardSection.tsx';
import { FormField } from '../FormField.tsx';
import { input, muted } from '../staff-styles.ts';
import { fieldAt } from './catalog-fields.ts';

const part = 'plans.taxLines';
const currencies = ['INR', 'USD', 'GBP'] as const;

interface TaxLinesCardProps {
  document: CatalogDocument;
  fields: Readonly<Record<string, string>>;
  onChange: (document: CatalogDocument) => void;
}

/** The tax line beside prices in each currency (docs/decisions.md 104): on plan cards and in structured data. */
export function TaxLinesCard({ document, fields, onChange }: TaxLinesCardProps) {
  const lines = (document[part] ?? {}) as Record<string, string | undefined>;
  return (
    <CardSection id="catalog-tax" title="Tax lines">
      <p className={`${muted} mt-1`}>Shown beside every price in the currency ("excl. 18% GST"); empty says nothing.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {currencies.map((currency) => (
          <FormField key={currency} id={`catalog-tax-${currency}`} label={`Tax line (${currency})`} error={fieldAt(fields, `${part}.${currency}`)}>
            <input
              className={input}
              value={lines[currency] ?? ''}
              onChange={(e) => onChange({ ...document, [part]: { ...lines, [currency]: e.target.value } })}
            />
          </FormField>
        ))}
      </div>
    </CardSection>
  );
}
