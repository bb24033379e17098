import type { ChannelResult } from '../../outbox/channel-result.ts';
import type { ContactMessage } from '../contact-repository.ts';
import type { ContactChannelName } from '../contact-tables.ts';

export { type ChannelResult, describeError } from '../../outbox/channel-result.ts';

/** A place contact messages are delivered to. */
export interface ContactChannel {
  readonly name: ContactChannelName;
  /** Sends one message; never throws (failures are results). Gives up after `timeoutMs`. */
  send(message: ContactMessage, timeoutMs: number): Promise<ChannelResult>;
  close?(): Promise<void>;
}
