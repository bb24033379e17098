import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LegalDocument } from '../../data/legal.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The legal documents as WAI-ARIA tabs (automatic activation): Terms of Service first and
 * selected by default; Left/Right/Home/End move between tabs; #privacy or #refund in the
 * address selects that tab.
 */
export function LegalTabs({ documents }: { documents: LegalDocument[] }) {
  const [selected, setSelected] = useState(documents[0]?.id ?? 'terms');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const fromHash = () => {
      const id = window.location.hash.slice(1);
      if (documents.some((d) => d.id === id)) setSelected(id as LegalDocument['id']);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [documents]);

  const select = (index: number, focus: boolean) => {
    const doc = documents[index];
    if (!doc) return;
    setSelected(doc.id);
    history.replaceState(null, '', index === 0 ? window.location.pathname : `#${doc.id}`);
    if (focus) tabs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = documents.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div>
      <div role="tablist" aria-label="Legal documents" className="grid grid-cols-3 gap-1 rounded-xl border border-white/10 bg-surface-900/70 p-1">
        {documents.map((doc, index) => {
          const active = doc.id === selected;
          return (
            <button
              key={doc.id}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${doc.id}`}
              aria-selected={active}
              aria-controls={`panel-${doc.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(index, false)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`rounded-lg px-2 py-2.5 text-xs font-semibold transition-colors sm:px-4 sm:text-sm ${
                active ? 'bg-brand-600 text-white shadow' : 'text-slate-300 hover:bg-white/5 hover:text-white'
              }`}
            >
              {doc.title}
            </button>
          );
        })}
      </div>
      {documents.map((doc) => (
        <div
          key={doc.id}
          role="tabpanel"
          id={`panel-${doc.id}`}
          aria-labelledby={`tab-${doc.id}`}
          hidden={doc.id !== selected}
          tabIndex={0}
          className="mt-6 rounded-2xl border border-white/10 bg-surface-900/70 p-6 sm:p-8"
        >
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
        </div>
      ))}
    </div>
  );
}
