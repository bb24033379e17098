import type { Customer } from '../../accounts/customer-identity.ts';
import type { Grant, ServerAccess } from './grants.ts';

/** What "My servers" knows of one server besides what the engine reports live. */
export interface DirectoryServer {
  id: string;
  /** The game (Pterodactyl's egg), or null when the engine does not say. */
  game: string | null;
  /** The location's name (matched to the status board's monitor of the same id or name), or null. */
  location: string | null;
  /** Where players connect ("host:port"), or null. */
  address: string | null;
}

/** Someone an owner shared a server with. */
export interface Share {
  /** The engine's id of the share (a subuser's uuid, or our row's id). */
  id: string;
  email: string;
  grants: Grant[];
  /** When it was made (epoch ms), when known. */
  createdAt: number | null;
}

/**
 * Which servers a signed-in customer may use and with whom they are shared (docs/decisions.md
 * 79-81): from the servers file and our database with the local driver, from the panel's
 * application API and subusers with Pterodactyl and Pelican. Only a verified e-mail address links
 * an account to servers; the panel user is found by the account's billing id first.
 */
export interface ServerDirectory {
  /** The credential the site uses for customers' servers: never leaves the server. */
  readonly accountKey: string;
  serversOf(customer: Customer): Promise<{ owned: DirectoryServer[]; shared: Array<DirectoryServer & { grants: Grant[] }> }>;
  /** What the customer may do with this server, or undefined (unknown or not theirs: the same). */
  access(customer: Customer, serverId: string): Promise<ServerAccess | undefined>;
  /** Marks a share as accepted the first time its person opens it; true the first time. */
  accepted(customer: Customer, serverId: string): Promise<boolean>;
  shares(serverId: string): Promise<Share[]>;
  invite(serverId: string, email: string, grants: Grant[], by: Customer): Promise<Share>;
  change(serverId: string, shareId: string, grants: Grant[]): Promise<{ before: Share; after: Share }>;
  remove(serverId: string, shareId: string): Promise<Share>;
  /** Whether an address owns or was given a server here: it may then ask for a sign-in link. */
  knows(email: string): Promise<boolean>;
  close(): void;
}

/** The address an account links by: only a verified one (docs/decisions.md 79). */
export function verifiedEmail(customer: Customer): string | undefined {
  return customer.emailVerified && customer.email ? customer.email.toLowerCase() : undefined;
}
