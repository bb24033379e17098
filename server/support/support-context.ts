import type { FastifyInstance } from 'fastify';
import type { ConversationContext } from '../../contracts/support-staff-api.ts';
import { customerOfVisitor } from './support-account.ts';
import type { Conversation } from './support-records.ts';

/** The signed-in customer who started it: their name, address and servers (docs/decisions.md 82); null for a visitor. */
async function customerContext(app: FastifyInstance, visitorId: string): Promise<ConversationContext['customer']> {
  const id = customerOfVisitor(visitorId);
  const customer = id ? await app.customers.byId(id) : undefined;
  if (!customer) return null;
  return { name: customer.name, email: customer.email, servers: await app.panelLink.customerServers(customer) };
}

/**
 * What the console shows beside a conversation: the page it started on, what the visitor asked
 * the assistant, their game server (live while their panel session lasts), and the network's
 * open incidents and maintenance in progress.
 */
export function contextSource(app: FastifyInstance): (conversation: Conversation) => Promise<ConversationContext> {
  return async (conversation) => {
    const now = app.clock();
    const live = conversation.panelSessionHash ? await app.panelLink.liveState(conversation.panelSessionHash) : undefined;
    const board = app.incidents.board(now);
    const customer = await customerContext(app, conversation.visitorId);
    return {
      page: conversation.page,
      assistantQuestion: conversation.assistantQuestion,
      server: conversation.serverId
        ? { id: conversation.serverId, name: live?.name ?? conversation.serverName, state: live?.state ?? null, status: live?.status ?? null }
        : null,
      incidents: board.incidents,
      maintenance: board.maintenance.filter((m) => m.state === 'in_progress'),
      userAgent: conversation.userAgent,
      customer,
    };
  };
}
