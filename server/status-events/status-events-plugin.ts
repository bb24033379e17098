import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StatusEvents } from './status-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The status events (server/status-events/): incidents and maintenance publish, the board, subscriptions and alerts subscribe. */
    statusEvents: StatusEvents;
  }
}

/**
 * The status events, app-wide, before every capability that publishes or subscribes: the event
 * log's publications, their fan-out to the other instances and the push to open boards. It
 * hears the other instances from the start, and ends the open streams before the server closes.
 */
async function statusEventsCapability(app: FastifyInstance): Promise<void> {
  const { streamsPerAddress, streamsTotal } = app.config.status;
  const events = new StatusEvents({ db: app.db, pool: app.pgPool, log: app.log, streams: { maxPerAddress: streamsPerAddress, maxTotal: streamsTotal } });
  app.decorate('statusEvents', events);
  app.addHook('onReady', async () => {
    await events.start();
  });
  // Open streams would keep server.close() waiting: end them before it is called.
  app.addHook('preClose', async () => {
    events.closeStreams();
  });
  app.addHook('onClose', async () => {
    await events.stop();
  });
}
export const statusEventsPlugin = fp(statusEventsCapability, { name: 'status-events', dependencies: ['database'] });
