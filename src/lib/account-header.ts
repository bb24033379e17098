/**
 * The header's account menu. Without the session hint cookie (contracts/accounts-rules.ts) it
 * does nothing and asks nothing: a visitor who never signed in costs no request. With it, it
 * asks the server once who is signed in and, if someone is, puts their name and the menu in
 * place of Login and Register. Plain DOM, no framework: it runs on every page.
 */
import { customerSessionHintCookie } from '../../contracts/accounts-rules.ts';

interface SessionAnswer {
  customer: { name: string | null; email: string | null } | null;
}

function hasHint(): boolean {
  return document.cookie.split(/;\s*/).includes(`${customerSessionHintCookie}=1`);
}

async function post(path: string): Promise<void> {
  await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
  window.location.assign('/account/signin');
}

function wireMenu(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-account-toggle]');
  const list = root.querySelector<HTMLElement>('#account-menu-list');
  if (!toggle || !list) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('pointerdown', (event) => {
    if (!root.contains(event.target as Node)) setOpen(false);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || list.hidden) return;
    setOpen(false);
    toggle.focus();
  });
}

export function startAccountHeader(): void {
  if (!hasHint()) return;
  void fetch('/api/account/session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<SessionAnswer>) : undefined))
    .then((answer) => {
      const customer = answer?.customer;
      if (!customer) return;
      const name = customer.name ?? customer.email ?? '';
      for (const el of document.querySelectorAll<HTMLElement>('[data-account-name]')) el.textContent = name;
      for (const el of document.querySelectorAll<HTMLElement>('[data-account-guest]')) el.hidden = true;
      const menu = document.querySelector<HTMLElement>('[data-account-menu]');
      if (menu) {
        menu.hidden = false;
        wireMenu(menu);
      }
      const mobile = document.querySelector<HTMLElement>('[data-account-mobile]');
      if (mobile) mobile.hidden = false;
      for (const el of document.querySelectorAll('[data-account-signout]')) el.addEventListener('click', () => void post('/api/account/signout'));
      for (const el of document.querySelectorAll('[data-account-signout-everywhere]')) {
        el.addEventListener('click', () => void post('/api/account/signout-everywhere'));
      }
    })
    .catch(() => {
      // Offline or the server is away: the header keeps Login and Register.
    });
}
