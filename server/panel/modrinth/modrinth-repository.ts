import type { Db } from '../../db/schema.ts';
import type { ContentKind } from '../../../contracts/modrinth-rules.ts';

/** A project installed from Modrinth on one server (server/panel/modrinth/modrinth-tables.ts). */
export interface InstalledRow {
  projectId: string;
  title: string;
  iconUrl: string | null;
  kind: ContentKind;
  versionId: string;
  versionNumber: string;
  path: string;
  sha512: string;
  installedAt: number;
}

export interface ServerRef {
  driver: string;
  serverId: string;
}

export async function listInstalled(db: Db, server: ServerRef): Promise<InstalledRow[]> {
  const rows = await db
    .selectFrom('panel_modrinth_installs')
    .selectAll()
    .where('driver', '=', server.driver)
    .where('server_id', '=', server.serverId)
    .orderBy('title')
    .execute();
  return rows.map((row) => ({
    projectId: row.project_id,
    title: row.title,
    iconUrl: row.icon_url,
    kind: row.kind as ContentKind,
    versionId: row.version_id,
    versionNumber: row.version_number,
    path: row.path,
    sha512: row.sha512,
    installedAt: Number(row.installed_at),
  }));
}

export async function findInstalled(db: Db, server: ServerRef, projectId: string): Promise<InstalledRow | undefined> {
  return (await listInstalled(db, server)).find((row) => row.projectId === projectId);
}

/** Records an install or an update (the row replaced). */
export async function saveInstalled(db: Db, server: ServerRef, row: InstalledRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await forgetInstalled(trx, server, row.projectId);
    await trx
      .insertInto('panel_modrinth_installs')
      .values({
        driver: server.driver,
        server_id: server.serverId,
        project_id: row.projectId,
        title: row.title.slice(0, 200),
        icon_url: row.iconUrl,
        kind: row.kind,
        version_id: row.versionId,
        version_number: row.versionNumber.slice(0, 100),
        path: row.path,
        sha512: row.sha512,
        installed_at: row.installedAt,
      })
      .execute();
  });
}

export async function forgetInstalled(db: Db, server: ServerRef, projectId: string): Promise<void> {
  await db
    .deleteFrom('panel_modrinth_installs')
    .where('driver', '=', server.driver)
    .where('server_id', '=', server.serverId)
    .where('project_id', '=', projectId)
    .execute();
}
