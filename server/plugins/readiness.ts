import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What one part of the instance says about itself. */
export interface PartState {
  ok: boolean;
  /** One line for the operator: what was checked, or what is wrong. */
  detail: string;
}

interface Check {
  name: string;
  /** Whether the instance is not ready while this part is not ok (otherwise it is only reported). */
  required: boolean;
  run: () => Promise<PartState>;
}

/** The parts an instance checks before it says it is ready; each capability adds its own. */
export class Readiness {
  private readonly checks: Check[] = [];

  add(name: string, run: () => Promise<PartState>, options: { required?: boolean } = {}): void {
    this.checks.push({ name, run, required: options.required ?? true });
  }

  /** Runs every check at once, each within `timeoutMs`; a check that throws or is late is not ok. */
  async run(timeoutMs: number): Promise<{ ready: boolean; parts: Record<string, PartState & { required: boolean }> }> {
    const results = await Promise.all(
      this.checks.map(async (check) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<PartState>((resolve) => {
          timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
        });
        try {
          const state = await Promise.race([check.run(), late]);
          return [check.name, { ...state, required: check.required }] as const;
        } catch (error) {
          return [check.name, { ok: false, detail: error instanceof Error ? error.message : String(error), required: check.required }] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const parts = Object.fromEntries(results);
    return { ready: results.every(([, part]) => part.ok || !part.required), parts };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks behind GET /api/health/ready. */
    readiness: Readiness;
  }
}

async function readinessPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('readiness', new Readiness());
}
export const readiness = fp(readinessPlugin, { name: 'readiness' });
