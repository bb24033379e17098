// A worker thread of the server (server/catalog/content-schemas.ts): it loads the site's content
// modules, so the catalog store checks a document with the same zod schemas the build uses and
// knows the content files' data (version 0), while server/ itself never imports src/
// (docs/architecture.md, docs/decisions.md 96).
import { parentPort } from 'node:worker_threads';
import { catalogDefaults, catalogProblems } from '../src/data/catalog-content.ts';

type Request = { id: number; kind: 'defaults' } | { id: number; kind: 'check'; document: unknown };

parentPort?.on('message', (request: Request) => {
  try {
    const result = request.kind === 'defaults' ? catalogDefaults() : catalogProblems(request.document);
    parentPort?.postMessage({ id: request.id, result });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
