import { useEffect, useRef, useState } from 'react';
import type { StockAnswer, StockEntry } from '../../../contracts/stock.ts';
import { stockLabel } from '../../../contracts/stock-rules.ts';
import { apiFetch, messageOf } from '../../lib/api-client.ts';

interface PlanStockProps {
  line: string;
  /** The locations any plan of the line is sold at, in the catalogue's order. */
  locations: { id: string; name: string }[];
}

type Ask = { line: string; plan: string; planName: string; location: string; locationName: string };

/**
 * The stock island of a plan page (docs/decisions.md 102): the server location the visitor
 * orders at, and, once stock is read from /api/catalog/stock, each card's line for it ("In
 * stock", "Only N left", "Sold out at Singapore — tell me when it is back") and its order button:
 * the chosen location's link, or disabled with the reason read out (aria-describedby). The cards
 * are static HTML; this fills the places they keep for it, so nothing moves.
 */
export function PlanStock({ line, locations }: PlanStockProps) {
  const [location, setLocation] = useState(locations[0]?.id ?? '');
  const [stock, setStock] = useState<Map<string, StockEntry> | undefined>();
  const [ask, setAsk] = useState<Ask | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    apiFetch<StockAnswer>('GET', `/api/catalog/stock?line=${encodeURIComponent(line)}`).then(
      (answer) => setStock(new Map(answer.stock.map((e) => [`${e.plan}/${e.location}`, e]))),
      () => setStock(new Map()),
    );
  }, [line]);

  useEffect(() => {
    if (!stock) return;
    const locationName = locations.find((l) => l.id === location)?.name ?? location;
    for (const place of document.querySelectorAll<HTMLElement>(`[data-plan-grid="${line}"] [data-stock-for]`)) {
      const plan = place.dataset.stockFor ?? '';
      const button = document.querySelector<HTMLAnchorElement>(`[data-plan-grid="${line}"] [data-order-for="${plan}"]`);
      const links = JSON.parse(button?.dataset.orderAt ?? '{}') as Record<string, string>;
      const entry = stock.get(`${plan}/${location}`);
      const sold = links[location] !== undefined;
      const open = sold && (entry?.orderable ?? true);
      place.replaceChildren();
      place.dataset.state = sold ? (entry?.state ?? 'unknown') : 'not_sold';
      const words = document.createElement('span');
      words.textContent = !sold ? `Not sold at ${locationName}` : entry ? stockLabel(entry.state, entry.left, locationName) : '';
      words.className = open ? (entry?.state === 'low' ? 'text-amber-200' : 'text-emerald-300') : 'font-semibold text-rose-200';
      place.append(words);
      if (sold && !open) {
        place.append(' — ');
        const tell = document.createElement('button');
        tell.type = 'button';
        tell.textContent = 'tell me when it is back';
        tell.className = 'text-brand-300 underline underline-offset-2 hover:text-white';
        const planName = button?.getAttribute('aria-label')?.split(': ').slice(1).join(': ') ?? plan;
        tell.addEventListener('click', () => setAsk({ line, plan, planName, location, locationName }));
        place.append(tell);
      }
      if (!button) continue;
      if (open) {
        button.href = links[location]!;
        button.removeAttribute('aria-disabled');
        button.removeAttribute('role');
        button.removeAttribute('tabindex');
      } else {
        // A link that goes nowhere, kept in the tab order so its reason (the line above) is read out.
        button.removeAttribute('href');
        button.setAttribute('role', 'link');
        button.setAttribute('aria-disabled', 'true');
        button.tabIndex = 0;
      }
    }
  }, [stock, location, line, locations]);

  useEffect(() => {
    if (ask && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [ask]);

  return (
    <>
      {locations.length > 1 && (
        <fieldset className="mb-6 flex flex-wrap items-center justify-center gap-2">
          <legend className="sr-only">Server location</legend>
          <span aria-hidden="true" className="text-sm text-slate-300">
            Server location:
          </span>
          {locations.map((l) => (
            <label
              key={l.id}
              className="cursor-pointer rounded-full px-3 py-1.5 text-sm text-slate-200 ring-1 ring-white/15 has-checked:bg-brand-600 has-checked:text-white has-checked:ring-brand-400 has-focus-visible:outline-2 has-focus-visible:outline-brand-300"
            >
              <input type="radio" name={`location-${line}`} value={l.id} checked={location === l.id} onChange={() => setLocation(l.id)} className="sr-only" />
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
      <StockLive stock={stock} />
      <TellMeDialog ask={ask} dialog={dialog} onClose={() => setAsk(undefined)} />
    </>
  );
}

/** Says once, for screen readers, that the lines under the cards now tell the stock. */
function StockLive({ stock }: { stock: Map<string, StockEntry> | undefined }) {
  return (
    <p role="status" className="sr-only">
      {stock && stock.size > 0 ? 'Stock for the chosen location is shown above each order button.' : ''}
    </p>
  );
}

function TellMeDialog({ ask, dialog, onClose }: { ask: Ask | undefined; dialog: React.RefObject<HTMLDialogElement | null>; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    dialog.current?.close();
    setResult(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ask) return;
    setBusy(true);
    try {
      const answer = await apiFetch<{ message: string }>('POST', '/api/catalog/stock/watch', {
        body: { line: ask.line, plan: ask.plan, location: ask.location, email },
      });
      setResult({ ok: true, text: answer.message });
    } catch (error) {
      setResult({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="tell-me-title"
      onClose={close}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-surface-900 p-6 text-slate-200 ring-1 ring-white/15 backdrop:bg-black/60"
    >
      <h2 id="tell-me-title" className="text-lg font-bold text-white">
        Tell me when it is back
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        {ask ? `${ask.planName} is sold out at ${ask.locationName}. We mail you once when it can be ordered there again.` : ''}
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label htmlFor="tell-me-email" className="block text-sm font-medium text-white">
          E-mail address
        </label>
        <input
          id="tell-me-email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="w-full rounded-lg bg-surface-950 px-3 py-2 text-white ring-1 ring-white/20 focus:outline-2 focus:outline-brand-400"
        />
        <p role="status" className={`min-h-5 text-sm ${result?.ok === false ? 'text-rose-200' : 'text-emerald-300'}`}>
          {result?.text ?? ''}
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={close} className="rounded-lg px-4 py-2 text-sm text-slate-200 ring-1 ring-white/20 hover:bg-white/5">
            Close
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500 disabled:opacity-60"
          >
            Tell me
          </button>
        </div>
      </form>
    </dialog>
  );
}
