import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { AlertChannelInput } from '../../contracts/alerts.ts';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import type { MonitorsFileSection } from '../status/monitors-file-section.ts';
import { findChannel, insertChannel, updateChannel } from './alert-channels-repository.ts';
import { writeSetting } from './alert-settings-repository.ts';
import { alertChannelSchemas, findChannelKind } from './channel-kinds/index.ts';

/**
 * The monitors file's `alerts` section: the same channels as the console's form (one schema,
 * contracts/alerts.ts), and the draft incidents' auto-publish delay. Secrets may sit in the file:
 * it is the operator's, kept like the server's environment.
 */
export const alertsSection = z.strictObject({
  autoPublishMinutes: z.number().int().min(0).max(1440).optional(),
  channels: z.array(alertChannelSchemas.input).default([]),
});

export type AlertsSection = z.infer<typeof alertsSection>;

/** What is wrong with the section beside its schema: ids twice, monitors the file does not have. */
export function alertsSectionProblems(section: AlertsSection, monitorIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  section.channels.forEach((c, index) => {
    if (seen.has(c.id)) problems.push(`alerts.channels.${index}.id: "${c.id}" is used twice`);
    seen.add(c.id);
    const unknown = c.monitorIds.filter((id) => !monitorIds.has(id));
    if (unknown.length) problems.push(`alerts.channels.${index}.monitorIds: names no monitor of the file: ${unknown.join(', ')}`);
    const kind = findChannelKind(c.kind);
    if (c.token && !kind?.token) problems.push(`alerts.channels.${index}.token: is not taken by ${kind?.label ?? c.kind} channels`);
    if (!c.token && kind?.token?.required) problems.push(`alerts.channels.${index}.token: is required`);
    const settings = kind?.settings.safeParse(c.settings);
    if (settings && !settings.success)
      for (const issue of settings.error.issues) problems.push(`alerts.channels.${index}.settings.${issue.path.join('.')}: ${issue.message}`);
  });
  return problems;
}

/**
 * Adds the section's new channels and updates the others (in the caller's transaction, with one
 * audit entry); channels not in the file are left as they are.
 */
export async function importAlertsSection(
  trx: Transaction<Database>,
  audit: AuditLog,
  section: AlertsSection,
  acting: Acting,
  now: number,
): Promise<{ added: string[]; updated: string[] }> {
  const result = { added: [] as string[], updated: [] as string[] };
  for (const c of section.channels) {
    const record = recordOf(c);
    if (await findChannel(trx, c.id)) {
      await updateChannel(trx, record, now);
      result.updated.push(c.id);
    } else {
      await insertChannel(trx, record, now);
      result.added.push(c.id);
    }
  }
  if (section.autoPublishMinutes !== undefined) await writeSetting(trx, 'autoPublishMinutes', String(section.autoPublishMinutes), now);
  if (result.added.length || result.updated.length || section.autoPublishMinutes !== undefined)
    await audit.record(
      {
        ...acting,
        action: 'alerts.channels_imported',
        target: 'monitors file',
        detail: { added: result.added.join(', '), updated: result.updated.join(', ') },
      },
      { db: trx },
    );
  return result;
}

function recordOf(c: AlertChannelInput) {
  return { ...c, token: c.token || null, source: 'file' as const };
}

/** The section as the monitors file's readers take it (server/status/monitors-file-section.ts): handed in by server/app.ts and scripts/monitors.ts. */
export const alertsFileSection: MonitorsFileSection<AlertsSection> = {
  key: 'alerts',
  label: 'Alert channels',
  schema: alertsSection,
  problems: alertsSectionProblems,
  import: importAlertsSection,
};
