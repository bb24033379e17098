/**
 * The browser side of /api/staff: every call through the one API client, typed by the contract
 * (types only, so no zod reaches the bundle). The session cookie is httpOnly: the page never
 * sees it, it only asks the server who is signed in.
 */
import type { AuditPage, AuditQuery } from '../../../contracts/audit.ts';
import type {
  AuthenticationCredential,
  AuthenticationOptions,
  EnrolmentLinkAnswer,
  EnrolmentStatus,
  RegistrationCredential,
  RegistrationOptions,
  StaffMe,
  StaffMember,
  StaffPasskey,
  StaffSession,
} from '../../../contracts/staff.ts';
import type { StaffRole } from '../../../contracts/staff-rules.ts';
import { apiFetch } from '../../lib/api-client.ts';

const base = '/api/staff';
const get = <T>(path: string) => apiFetch<T>('GET', `${base}${path}`);
const post = <T>(path: string, body?: unknown) => apiFetch<T>('POST', `${base}${path}`, { body });

export const staffApi = {
  me: () => get<StaffMe>('/me'),
  signInOptions: () => post<AuthenticationOptions>('/signin/options'),
  signIn: (challengeId: string, credential: AuthenticationCredential) => post<StaffMe>('/signin', { challengeId, credential }),
  signOut: () => post<void>('/signout'),

  enrolmentStatus: (token: string) => post<EnrolmentStatus>('/enrolment/status', { token }),
  enrolmentOptions: (token: string, displayName: string) => post<RegistrationOptions>('/enrolment/options', { token, displayName }),
  enrol: (body: { token: string; displayName: string; challengeId: string; credential: RegistrationCredential; passkeyName?: string }) =>
    post<StaffMe>('/enrolment', body),

  passkeys: () => get<{ passkeys: StaffPasskey[] }>('/me/passkeys'),
  passkeyOptions: () => post<RegistrationOptions>('/me/passkeys/options'),
  addPasskey: (challengeId: string, credential: RegistrationCredential, name: string) => post<StaffPasskey>('/me/passkeys', { challengeId, credential, name }),
  renamePasskey: (id: string, name: string) => apiFetch<StaffPasskey>('PUT', `${base}/me/passkeys/${encodeURIComponent(id)}`, { body: { name } }),
  removePasskey: (id: string) => apiFetch<void>('DELETE', `${base}/me/passkeys/${encodeURIComponent(id)}`),
  sessions: () => get<{ sessions: StaffSession[] }>('/me/sessions'),
  endSession: (id: string) => apiFetch<void>('DELETE', `${base}/me/sessions/${encodeURIComponent(id)}`),

  members: () => get<{ members: StaffMember[] }>('/members'),
  invite: (email: string, role: StaffRole) => post<EnrolmentLinkAnswer>('/members', { email, role }),
  setRole: (id: string, role: StaffRole) => apiFetch<StaffMember>('PUT', `${base}/members/${encodeURIComponent(id)}/role`, { body: { role } }),
  disable: (id: string) => post<StaffMember>(`/members/${encodeURIComponent(id)}/disable`),
  enable: (id: string) => post<StaffMember>(`/members/${encodeURIComponent(id)}/enable`),
  reset: (id: string) => post<EnrolmentLinkAnswer>(`/members/${encodeURIComponent(id)}/reset`),

  audit: (query: AuditQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    return get<AuditPage>(`/audit?${params}`);
  },
  auditActions: () => get<{ actions: string[] }>('/audit/actions'),
};
