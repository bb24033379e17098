/**
 * The "Mods & plugins" tool's audit actions (in the panel's list, server/panel/panel-audit-actions.ts);
 * the staff console reads each as a sentence (src/data/modrinth-audit-labels.ts).
 */
export const modrinthAuditActions = ['panel.modrinth.install', 'panel.modrinth.update', 'panel.modrinth.remove'] as const;
