/** Projects installed from Modrinth, per server (server/db/migrations/0031-panel-modrinth.ts). */
export interface ModrinthTables {
  panel_modrinth_installs: ModrinthInstallTable;
}

export interface ModrinthInstallTable {
  driver: string;
  server_id: string;
  project_id: string;
  title: string;
  icon_url: string | null;
  /** plugin, mod or datapack. */
  kind: string;
  version_id: string;
  version_number: string;
  /** The file, from the server's root. */
  path: string;
  sha512: string;
  installed_at: number;
}
