/**
 * A catalog editor for the benches, working a running server through its own HTTP API as the
 * staff console does (docs/decisions.md 97): added with `npm run staff`, enrolled with a software
 * passkey, then a price change drafted and published. Used by bench/catalog-publish.ts and by
 * bench/lighthouse.ts --publish.
 */
import { staffCli } from '../test/e2e/support/staff-cli.ts';
import { SoftAuthenticator } from '../test/helpers/soft-authenticator.ts';

/** A signed-in editor: calls the API with its session cookie, from the site's own origin. */
export interface CatalogEditor {
  call(method: string, url: string, body?: unknown): Promise<Response>;
}

/** A drafted price change: the draft to publish, the page it shows on and what it changes. */
export interface PriceChange {
  draftId: string;
  line: string;
  route: string;
  plan: string;
  from: number;
  to: number;
}

/** The price change's mark in the page: its JSON-LD offer's lowest price (src/lib/json-ld.ts). */
export function servesChange(html: string, change: PriceChange): boolean {
  return html.includes(`"lowPrice":"${change.to.toFixed(2)}"`);
}

function caller(origin: string, cookie: string): CatalogEditor['call'] {
  return (method, url, body) =>
    fetch(`${origin}${url}`, {
      method,
      headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/**
 * An editor, as an operator adds one (`npm run staff`, with the server's DATABASE_URL and its
 * PUBLIC_URL `origin`, in `env`) and a browser enrols it at the link printed.
 */
export async function signInEditor(origin: string, env: Record<string, string>): Promise<CatalogEditor> {
  const output = await staffCli(['add', 'bench@example.com', '--role', 'editor'], { ...env, PUBLIC_URL: origin });
  const link = output.split('\n').find((l) => l.startsWith(`${origin}/staff/enrol#`));
  if (!link) throw new Error(`npm run staff printed no enrolment link for ${origin}:\n${output}`);
  const token = new URL(link).hash.slice(1);
  const anonymous = caller(origin, '');
  const options = await (await anonymous('POST', '/api/staff/enrolment/options', { token, displayName: 'Bench' })).json();
  const credential = new SoftAuthenticator(origin).create(options.options);
  const enrolled = await anonymous('POST', '/api/staff/enrolment', { token, displayName: 'Bench', challengeId: options.challengeId, credential });
  const set = enrolled.headers.getSetCookie().find((c) => c.startsWith('hf_staff='));
  if (!set) throw new Error(`enrolment: ${enrolled.status} ${await enrolled.text()}`);
  return { call: caller(origin, set.split(';')[0]!) };
}

/**
 * Drafts a new price for the first plan of a line, below the line's other prices so that it is
 * the page's lowest (what servesChange looks for).
 */
export async function draftPriceChange(editor: CatalogEditor, lineId = 'budget-vps', price = 3.21): Promise<PriceChange> {
  const view = await (await editor.call('GET', '/api/staff/catalog')).json();
  const lines = view.document.plans as { id: string; route: string; plans: { name: string; price: number }[] }[];
  const line = lines.find((l) => l.id === lineId);
  if (!line?.plans[0]) throw new Error(`no plans in the catalog's line ${lineId}`);
  if (line.plans.some((p) => p.price <= price)) throw new Error(`${price} is not below every price of ${lineId}`);
  const plan = line.plans[0];
  const from = plan.price;
  plan.price = price;
  const saved = await editor.call('PUT', '/api/staff/catalog/draft', { draftId: null, document: view.document });
  if (saved.status !== 200) throw new Error(`draft: ${saved.status} ${await saved.text()}`);
  const { draftId } = await saved.json();
  return { draftId, line: line.id, route: line.route, plan: plan.name, from, to: price };
}

/** Publishes the draft; the answer comes once the pages are rebuilt and served (docs/decisions.md 156). */
export function publishChange(editor: CatalogEditor, change: PriceChange): Promise<Response> {
  return editor.call('POST', '/api/staff/catalog/publish', { draftId: change.draftId });
}

/** Polls `url` until it serves the change; false when `deadline` (a performance.now() time) passes first. */
export async function untilServed(url: string, change: PriceChange, deadline: number): Promise<boolean> {
  for (;;) {
    if (servesChange(await (await fetch(url)).text(), change)) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
