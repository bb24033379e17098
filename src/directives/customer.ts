// client:customer (docs/decisions.md 124): the Game Panel's islands hydrate at load for someone
// who has something there, and on the first touch for a visitor who has not. The page's HTML is
// the signed-out panel (the "Sign in" card and the Server ID form, rendered at build), which is
// what a new visitor sees and can use until React runs; React's runtime (about 60 KB gzip) and
// the panel's first render are not paid by a visit that only reads the page.
// At load, when any of these says the browser has a customer or a server: the customer session's
// hint cookie, a Server ID remembered from an earlier connection, a `?server=` deep link; or when
// the panel's own answer (GET /api/panel/my-servers, asked once for every island of the page)
// says signed in, or that this site offers no sign-in (the page then opens the Server ID form).
import type { ClientDirective } from 'astro';
import { customerSessionHintCookie } from '../../contracts/accounts-rules.ts';
import interaction from './interaction.ts';

let answer: Promise<boolean> | undefined;

/** Whether this browser brings a customer or a server to the panel (the island must run now). */
function bringsSomething(): Promise<boolean> {
  if (document.cookie.split(';').some((c) => c.trim().startsWith(`${customerSessionHintCookie}=`))) return Promise.resolve(true);
  if (new URL(window.location.href).searchParams.has('server')) return Promise.resolve(true);
  try {
    // The key of src/components/panel/panel-api.ts's remembered Server ID.
    if (localStorage.getItem('serverId')) return Promise.resolve(true);
  } catch {
    // storage disabled: nothing remembered
  }
  answer ??= fetch('/api/panel/my-servers', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ signedIn?: boolean; signInOffered?: boolean }>) : { signedIn: false, signInOffered: false }))
    .then((a) => a.signedIn === true || a.signInOffered !== true)
    .catch(() => true);
  return answer;
}

const customerDirective: ClientDirective = (load, options, el) => {
  // Whichever comes first, the answer or a touch, hydrates, once; both wait for that hydration
  // (a form sent meanwhile is held until React has the island, src/directives/interaction.ts).
  let hydrated: Promise<void> | undefined;
  const once: typeof load = async () => {
    hydrated ??= load().then((hydrate) => hydrate());
    await hydrated;
    return async () => {};
  };
  interaction(once, options, el);
  void bringsSomething().then(async (yes) => {
    if (yes) await (await once())();
  });
};

export default customerDirective;
