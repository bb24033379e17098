import { useEffect, useState } from 'react';
import type { LegalDocument } from '../../data/legal.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { cardVariants } from '../ui/card-variants.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The legal documents as WAI-ARIA tabs (automatic activation): Terms of Service first and
 * selected by default; Left/Right/Home/End move between tabs; #privacy or #refund in the
 * address selects that tab.
 */
export function LegalTabs({ documents }: { documents: LegalDocument[] }) {
  const [selected, setSelected] = useState(documents[0]?.id ?? 'terms');

  useEffect(() => {
    const fromHash = () => {
      const id = window.location.hash.slice(1);
      if (documents.some((d) => d.id === id)) setSelected(id as LegalDocument['id']);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [documents]);

  const select = (id: LegalDocument['id']) => {
    setSelected(id);
    history.replaceState(null, '', id === documents[0]?.id ? window.location.pathname : `#${id}`);
  };

  return (
    <Tabs
      label="Legal documents"
      idPrefix="legal"
      selected={selected}
      onSelect={select}
      size="compact"
      listClassName="grid grid-cols-3"
      panelClassName={cardVariants({ surface: 'soft', className: 'mt-6 p-6 sm:p-8' })}
      items={documents.map((doc) => ({ id: doc.id, label: doc.title, panel: <LegalDocumentView doc={doc} /> }))}
    />
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
