import type { StockAnswer, StockEntry } from '../../../contracts/stock.ts';
import { stockLabel } from '../../../contracts/stock-rules.ts';
import { apiFetch, messageOf } from '../../lib/api-client.ts';

/** What "tell me" was asked for: a plan at a location. */
interface Ask {
  plan: string;
  planName: string;
  location: string;
  locationName: string;
}

/**
 * The stock of a plan page (docs/decisions.md 102), started on PlanStockPicker.astro's HTML once
 * it is seen: reads /api/catalog/stock for the line, then writes each card's line for the chosen
 * location ("In stock", "Only N left", "Sold out at Singapore — tell me when it is back") into
 * the place the card keeps for it, and sets its order button: the location's link, or disabled
 * with the reason read out (the line is the button's description). "Tell me" opens the dialog.
 */
export async function startPlanStock(root: HTMLElement): Promise<void> {
  const line = root.dataset.planStock ?? '';
  const locations = JSON.parse(root.dataset.locations ?? '[]') as { id: string; name: string }[];
  const chosen = () => root.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? locations[0]?.id ?? '';
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-tell-me]')!;
  let ask: Ask | undefined;

  let stock: Map<string, StockEntry>;
  try {
    const answer = await apiFetch<StockAnswer>('GET', `/api/catalog/stock?line=${encodeURIComponent(line)}`);
    stock = new Map(answer.stock.map((e) => [`${e.plan}/${e.location}`, e]));
  } catch {
    stock = new Map();
  }

  const show = () => {
    const location = chosen();
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
        tell.addEventListener('click', () => openAsk({ plan, planName, location, locationName }));
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
  };

  const about = dialog.querySelector<HTMLElement>('[data-tell-me-about]')!;
  const result = dialog.querySelector<HTMLElement>('[data-tell-me-result]')!;
  const form = dialog.querySelector('form')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const openAsk = (next: Ask) => {
    ask = next;
    about.textContent = `${next.planName} is sold out at ${next.locationName}. We mail you once when it can be ordered there again.`;
    result.textContent = '';
    dialog.showModal();
  };
  dialog.querySelector('[data-tell-me-close]')?.addEventListener('click', () => dialog.close());
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!ask) return;
    submit.disabled = true;
    const email = new FormData(form).get('email');
    try {
      const answer = await apiFetch<{ message: string }>('POST', '/api/catalog/stock/watch', {
        body: { line, plan: ask.plan, location: ask.location, email },
      });
      result.className = 'min-h-5 text-sm text-emerald-300';
      result.textContent = answer.message;
    } catch (error) {
      result.className = 'min-h-5 text-sm text-rose-200';
      result.textContent = messageOf(error);
    } finally {
      submit.disabled = false;
    }
  });

  root.addEventListener('change', show);
  show();
  const live = root.querySelector<HTMLElement>('[data-stock-live]');
  if (live && stock.size > 0) live.textContent = 'Stock for the chosen location is shown above each order button.';
}
