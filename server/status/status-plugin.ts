import type { FastifyInstance } from 'fastify';

/** The status capability: its routes under /api/status and its background work. */
export async function statusPlugin(_app: FastifyInstance): Promise<void> {}
