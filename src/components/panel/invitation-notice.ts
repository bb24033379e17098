import type { ShareMade } from './panel-api.ts';

/** What the owner reads after an invitation: a mail went, or what to tell the friend (docs/decisions.md 93). */
export function invitationNotice(made: ShareMade, serverName: string): string {
  const shared = `${serverName} is shared with ${made.email}.`;
  const signIn = `${made.email} finds it under "Shared with me" after signing in with that address.`;
  if (made.mailed === 'sent') return `${shared} An invitation mail with a sign-in link is on its way. ${signIn}`;
  if (made.mailed === 'failed') return `${shared} The invitation mail could not be sent: tell them yourself. ${signIn}`;
  return `${shared} The invitation is saved; this site sends no mail, so tell them yourself. ${signIn}`;
}
