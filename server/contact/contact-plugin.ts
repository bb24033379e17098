import type { FastifyInstance } from 'fastify';

/** The contact capability: its routes under /api/contact and its background work. */
export async function contactPlugin(_app: FastifyInstance): Promise<void> {}
