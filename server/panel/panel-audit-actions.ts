/**
 * Audit actions of the panel (the one audit log, server/audit/): a customer's, and a schedule's
 * run (the system, on the customer's server). The staff console reads each as a sentence
 * (src/data/audit-actions.ts; test/unit/audit-text.test.ts checks every one has one).
 */
import { modrinthAuditActions } from './modrinth/modrinth-audit-actions.ts';

export const panelAuditActions = [
  'panel.power',
  'panel.command',
  'panel.file.write',
  'panel.file.upload',
  'panel.file.download',
  'panel.file.rename',
  'panel.file.folder',
  'panel.file.delete',
  'panel.backup.create',
  'panel.backup.download',
  'panel.backup.restore',
  'panel.backup.lock',
  'panel.backup.unlock',
  'panel.backup.delete',
  'panel.schedule.create',
  'panel.schedule.update',
  'panel.schedule.delete',
  'panel.schedule.run',
  'panel.share.invite',
  'panel.share.accept',
  'panel.share.change',
  'panel.share.remove',
  ...modrinthAuditActions,
  // The Players tool (server/panel/minecraft-players/, docs/decisions.md 110).
  'panel.players.whitelist_add',
  'panel.players.whitelist_remove',
  'panel.players.op',
  'panel.players.deop',
  'panel.players.ban',
  'panel.players.pardon',
  // The Settings tool (server/panel/minecraft-settings/, docs/decisions.md 111).
  'panel.settings.change',
  // The Version tool (server/panel/minecraft-startup/, docs/decisions.md 112).
  'panel.startup.variable',
  'panel.startup.reinstall',
] as const;

/** A customer's action in the panel, audited with `PanelService.audited`. */
export type PanelAuditAction = (typeof panelAuditActions)[number];

/** A schedule's run, recorded by the system (server/panel/schedules/schedule-runner.ts). */
export const scheduleRanAction = 'panel.schedule.ran';

/** A schedule's task, recorded by the system as the action a customer's own click records (server/panel/schedules/schedule-runner.ts). */
export const scheduleTaskActions = { command: 'panel.command', power: 'panel.power', backup: 'panel.backup.create' } as const satisfies Record<
  string,
  PanelAuditAction
>;
