/** The "Mods & plugins" tool's audit actions as the staff console reads them (joined in audit-actions.ts). */
export const modrinthAuditLabels: Readonly<Record<string, string>> = {
  'panel.modrinth.install': 'Installed a mod, plugin or datapack from Modrinth',
  'panel.modrinth.update': 'Updated a mod, plugin or datapack from Modrinth',
  'panel.modrinth.remove': 'Removed a mod, plugin or datapack installed from Modrinth',
};
