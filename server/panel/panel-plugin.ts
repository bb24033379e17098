import type { FastifyInstance } from 'fastify';

/** The panel capability: its routes under /api/panel and its background work. */
export async function panelPlugin(_app: FastifyInstance): Promise<void> {}
