/**
 * The customer account's API (/api/account, contracts/accounts.ts) as the browser calls it.
 * Types only from the contract: no zod reaches the page.
 */
import type { AccountSession, CustomerMe } from '../../../contracts/accounts.ts';
import type { AuthenticationCredential, AuthenticationOptions, RegistrationCredential, RegistrationOptions } from '../../../contracts/staff.ts';
import { apiFetch } from '../../lib/api-client.ts';

export interface CustomerPasskeyView {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  synced: boolean;
}

export const accountApi = {
  session: () => apiFetch<AccountSession>('GET', '/api/account/session'),
  requestLink: (email: string) => apiFetch<{ message: string; expiresInMinutes: number }>('POST', '/api/account/email-link', { body: { email } }),
  signInWithLink: (token: string) => apiFetch<CustomerMe>('POST', '/api/account/email-link/signin', { body: { token } }),
  passkeySignInOptions: () => apiFetch<AuthenticationOptions>('POST', '/api/account/passkeys/signin/options'),
  signInWithPasskey: (challengeId: string, credential: AuthenticationCredential) =>
    apiFetch<CustomerMe>('POST', '/api/account/passkeys/signin', { body: { challengeId, credential } }),
  passkeys: () => apiFetch<{ passkeys: CustomerPasskeyView[] }>('GET', '/api/account/passkeys'),
  addPasskeyOptions: () => apiFetch<RegistrationOptions>('POST', '/api/account/passkeys/options'),
  addPasskey: (challengeId: string, credential: RegistrationCredential, name: string | undefined) =>
    apiFetch<CustomerPasskeyView>('POST', '/api/account/passkeys', { body: { challengeId, credential, ...(name ? { name } : {}) } }),
  removePasskey: (id: string) => apiFetch<void>('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`),
  signOut: () => apiFetch<void>('POST', '/api/account/signout'),
  signOutEverywhere: () => apiFetch<void>('POST', '/api/account/signout-everywhere'),
};
