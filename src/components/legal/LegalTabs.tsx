import type { LegalDocument } from '../../data/legal.ts';
import { Tabs, tab } from '../ui/Tabs.tsx';
import { cardVariants } from '../ui/card-variants.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The tab size here: narrower tabs on phones, where the three share a row. */
const size = 'compact';

/**
 * The legal documents as WAI-ARIA tabs (automatic activation), rendered at build with Terms of
 * Service selected: legal-tabs.ts selects on a press, moves with Left/Right/Home/End and follows
 * #privacy or #refund in the address, with no React (docs/decisions.md 143). The tab classes it
 * swaps are given here, from the one tab style.
 */
export function LegalTabs({ documents }: { documents: LegalDocument[] }) {
  return (
    <div data-legal-tabs data-tab-selected={tab({ selected: true, size })} data-tab-unselected={tab({ selected: false, size })}>
      <Tabs
        label="Legal documents"
        idPrefix="legal"
        selected={documents[0]?.id ?? 'terms'}
        // Rendered at build only: the page's script selects.
        onSelect={() => {}}
        size={size}
        listClassName="grid grid-cols-3"
        panelClassName={cardVariants({ surface: 'soft', className: 'mt-6 p-6 sm:p-8' })}
        items={documents.map((doc) => ({ id: doc.id, label: doc.title, panel: <LegalDocumentView doc={doc} /> }))}
      />
    </div>
  );
}

function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <h2 className="text-2xl font-bold text-white">{doc.title}</h2>
      <p className="mt-1 text-sm text-slate-400">Last updated {dateFormat.format(new Date(`${doc.updated}T00:00:00Z`))}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h3 className="text-lg font-semibold text-white">{section.heading}</h3>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 32)} className="mt-2 leading-relaxed text-slate-300">
              {p}
            </p>
          ))}
          {section.items.length > 0 && (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-300 marker:text-brand-400">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
