import { randomUUID } from 'node:crypto';
import { brandName } from '../../contracts/brand.ts';
import type { OutgoingMail } from '../outbox/smtp-sender.ts';

/** An owner's invitation to one server, as the Game Panel hands it to the accounts capability. */
export interface Invitation {
  /** The invited address (lower case). */
  to: string;
  /** Who shared it: the owner's name and address, as the account knows them. */
  byName: string | null;
  byEmail: string | null;
  serverId: string;
  serverName: string;
  /** What they may do, in words ("Console (see it and send commands)", "Files"). */
  rights: string[];
}

/** What became of the invitation's mail: sent, refused by the mail server, or no SMTP_URL here. */
export type InvitationMailed = 'sent' | 'failed' | 'off';

/** The page the invitation opens: the sign-in page, which goes on to that server (docs/decisions.md 93). */
export function invitationLink(publicUrl: string, serverId: string): string {
  return `${publicUrl}/account/signin?returnTo=${encodeURIComponent(`/control-panel?server=${serverId}`)}`;
}

/**
 * The invitation mail (docs/decisions.md 93): who shared which server with what rights, and one
 * link that signs in (any way the site offers) and opens that server. It carries no token: the
 * invited person proves the address by signing in, as anyone does.
 */
export function invitationMail(input: Invitation & { publicUrl: string; from: string; at: number }): OutgoingMail {
  const host = new URL(input.publicUrl).hostname;
  const who =
    input.byName && input.byEmail && input.byName !== input.byEmail ? `${input.byName} (${input.byEmail})` : (input.byEmail ?? input.byName ?? 'A customer');
  return {
    from: { name: brandName, address: input.from },
    to: input.to,
    subject: `${who} shared the server ${input.serverName} with you`,
    text: [
      'Hello,',
      '',
      `${who} shared the game server "${input.serverName}" (ID ${input.serverId}) with you on ${brandName} (${host}).`,
      '',
      'You may use:',
      ...input.rights.map((right) => `- ${right}`),
      '',
      `Sign in with this address (${input.to}) and open the server here:`,
      '',
      invitationLink(input.publicUrl, input.serverId),
      '',
      'It is listed under "Shared with me" on the Control Panel whenever you are signed in. If you do not know the sender, ignore this mail.',
      '',
      `${brandName}`,
    ].join('\n'),
    messageId: `<invitation-${randomUUID()}@${/[a-z]/i.test(host) ? host : 'localhost'}>`,
    date: new Date(input.at),
  };
}
