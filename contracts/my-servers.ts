/**
 * "My servers" and sharing (docs/decisions.md 80-82): the signed-in customer's servers under
 * /api/panel/my-servers, opening one as the panel's session, and the owner's sharing.
 */
import { z } from 'zod';
import { grantNames, maxShareEmailLength } from './my-servers-rules.ts';
import { powerState, serverDetails } from './panel.ts';
import { shownStatus } from './status.ts';

export const grant = z.enum(grantNames);

/** The status board, for the server's location. */
export const boardNote = z.object({
  /** The location's monitor on the status board, as shown there. */
  monitor: z.string(),
  status: shownStatus,
  /** Open incidents and maintenance (scheduled or in progress) that affect it. */
  notices: z.array(z.object({ kind: z.enum(['incident', 'maintenance']), title: z.string(), id: z.string() })),
});

export const myServer = z.object({
  id: z.string(),
  name: z.string(),
  game: z.string().nullable(),
  /** The plan's size: memory, disk and CPU, as the engine limits it. */
  plan: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  /** Power state now; null when the engine did not answer in time. */
  state: powerState.nullable(),
  /** The engine's administrative status (installing, install_failed, suspended, transferring, restoring_backup) or null. */
  status: z.string().nullable(),
  /** What that status means, in a sentence; null when normal. */
  statusText: z.string().nullable(),
  /** The billing portal, where a suspended server's invoice is paid (when configured). */
  payUrl: z.string().nullable(),
  role: z.enum(['owner', 'shared']),
  grants: z.array(grant),
  board: boardNote.nullable(),
});

export const myServersAnswer = z.object({
  signedIn: z.boolean(),
  /** Whether customers can sign in here to find their servers (an e-mail link or the billing portal); without, only a Server ID and key connect. */
  signInOffered: z.boolean(),
  owned: z.array(myServer),
  shared: z.array(myServer),
});

export const serverParams = z.strictObject({ serverId: z.string().min(1).max(64) });
export const openAnswer = z.object({ server: serverDetails, role: z.enum(['owner', 'shared']), grants: z.array(grant) });

export const share = z.object({
  id: z.string(),
  email: z.string(),
  grants: z.array(grant),
  createdAt: z.number().nullable(),
});
export const shareList = z.object({ shares: z.array(share) });
/**
 * An invitation just made, and what became of its mail: sent, refused by the mail server, or
 * 'off' where the site sends no mail (then the person signs in with that address to find it).
 */
export const shareMade = share.extend({ mailed: z.enum(['sent', 'failed', 'off']) });
export const shareBody = z.strictObject({
  email: z.email('must be an e-mail address').max(maxShareEmailLength),
  grants: z.array(grant).min(1, 'choose at least one thing they may do'),
});
export const shareUpdateBody = z.strictObject({ grants: z.array(grant).min(1, 'choose at least one thing they may do (or remove them)') });
export const shareParams = z.strictObject({ serverId: z.string().min(1).max(64), shareId: z.string().min(1).max(100) });

export type MyServer = z.infer<typeof myServer>;
export type MyServersAnswer = z.infer<typeof myServersAnswer>;
export type Share = z.infer<typeof share>;
export type ShareMade = z.infer<typeof shareMade>;
export type OpenAnswer = z.infer<typeof openAnswer>;
export type Grant = z.infer<typeof grant>;
