import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';

/**
 * A section of the monitors file that a capability registered after status owns (the alerts'
 * `alerts`: server/alerts/alerts-file.ts). Its users hand it in (server/app.ts to the status
 * plugin for the first start's seed, scripts/monitors.ts to `npm run monitors -- import`), so the
 * status capability reads, checks and imports it without importing its owner (docs/decisions.md
 * 115, 140).
 */
export interface MonitorsFileSection<T = unknown> {
  /** Its key in the file. */
  key: string;
  /** What it adds, in the import's report: "Alert channels" added 2, updated 1. */
  label: string;
  schema: z.ZodType<T>;
  /** What is wrong with it beside its schema, given the file's monitor ids. */
  problems(value: T, monitorIds: ReadonlySet<string>): string[];
  /** Writes it in the import's transaction, with its own audit entry. */
  import(trx: Transaction<Database>, audit: AuditLog, value: T, acting: Acting, now: number): Promise<{ added: string[]; updated: string[] }>;
}

/** A section as a file gave it: its owner, and its value as the owner's schema read it. */
export interface MonitorsFileSectionValue {
  section: MonitorsFileSection;
  value: unknown;
}
