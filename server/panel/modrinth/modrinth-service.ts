import type { Kysely } from 'kysely';
import type { ChangeAnswer, InstallBody, InstalledAnswer, InstallPlan, ModrinthContext, SearchAnswer } from '../../../contracts/modrinth.ts';
import { folderFor, kindsFor, softwareRules } from '../../../contracts/modrinth-rules.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerCredentials } from '../driver.ts';
import type { Caller, PanelService } from '../panel-service.ts';
import type { PanelSession } from '../session-store.ts';
import type { Fitting, ModrinthCatalog, Target } from './modrinth-catalog.ts';
import { findInstalled, forgetInstalled, listInstalled, saveInstalled, type ServerRef } from './modrinth-repository.ts';
import { fromFiles, fromVariables, levelNameOf, versionIn } from './modrinth-software.ts';
import type { ModFiles } from './mod-files.ts';
import type { EngineExtras } from './panel-engine-extras.ts';

type Need = 'list' | 'write' | 'delete';

const refusedFiles = (need: Need) =>
  new HttpError(
    403,
    'forbidden',
    `Your access to this server does not include ${need === 'list' ? 'browsing' : need === 'write' ? 'adding' : 'deleting'} files, which this needs.`,
  );

/**
 * The "Mods & plugins" tool (docs/decisions.md 106–109): what the server runs, Modrinth's
 * catalogue for it, and installs, updates and removals, each through the driver's file actions
 * (ModFiles) and in the audit log with the project, version and file in words.
 */
export class ModrinthService {
  readonly #db: Kysely<Database>;
  readonly #panel: PanelService;
  readonly #catalog: ModrinthCatalog;
  readonly #files: ModFiles;
  readonly #extras: EngineExtras;
  readonly #now: () => number;

  constructor(deps: { db: Kysely<Database>; panel: PanelService; catalog: ModrinthCatalog; files: ModFiles; extras: EngineExtras; now: () => number }) {
    this.#db = deps.db;
    this.#panel = deps.panel;
    this.#catalog = deps.catalog;
    this.#files = deps.files;
    this.#extras = deps.extras;
    this.#now = deps.now;
  }

  async #allowed(session: PanelSession, need: Need): Promise<void> {
    const permissions = await this.#panel.permissions(session);
    if (!permissions.files[need] || !permissions.files.list) throw refusedFiles(need);
  }

  #engine<T>(session: PanelSession, call: (c: ServerCredentials) => Promise<T>, onEnded?: () => void): Promise<T> {
    return this.#panel.withEngine(session, call, onEnded);
  }

  #ref(session: PanelSession): ServerRef {
    return { driver: session.driver, serverId: session.serverId };
  }

  async context(session: PanelSession, onEnded?: () => void): Promise<ModrinthContext> {
    await this.#allowed(session, 'list');
    return this.#engine(
      session,
      async (c) => {
        const driver = this.#panel.driver;
        const root = await driver.listFiles(c, '');
        const names = root.map((entry) => entry.name);
        const readText = async (name: string) => (names.includes(name) ? (await driver.readFile(c, name).catch(() => undefined))?.content : undefined);
        const variables = await this.#extras.variables(c);
        const byVariables = variables ? fromVariables(variables.variables, variables.command) : {};
        const byFiles = fromFiles(names, await readText('version_history.json'));
        let pinged: string | undefined;
        if (!byVariables.version && !byFiles.version) {
          const players = await driver.getPlayers(c).catch(() => undefined);
          pinged = players?.status === 'answering' ? versionIn(players.version) : undefined;
        }
        const software = byVariables.software ?? byFiles.software ?? null;
        const gameVersion = byVariables.version ?? byFiles.version ?? pinged ?? null;
        return {
          software,
          gameVersion,
          softwareSource: byVariables.software ? 'variables' : byFiles.software ? 'files' : 'none',
          versionSource: byVariables.version ? 'variables' : byFiles.version ? 'files' : pinged ? 'server' : 'none',
          levelName: levelNameOf(await readText('server.properties')),
        };
      },
      onEnded,
    );
  }

  #checkKind(target: Target): void {
    if (!kindsFor(target.software).includes(target.kind))
      throw new HttpError(400, 'invalid', `${softwareRules[target.software].label} does not load ${target.kind}s.`, {
        fields: { kind: 'not loaded by this software' },
      });
  }

  async search(session: PanelSession, target: Target, query: string, offset: number): Promise<SearchAnswer> {
    await this.#allowed(session, 'list');
    this.#checkKind(target);
    return this.#catalog.search(target, query, offset);
  }

  /** The fitting version, and the required dependencies this server does not have yet. */
  async plan(session: PanelSession, projectId: string, target: Target): Promise<InstallPlan> {
    await this.#allowed(session, 'list');
    this.#checkKind(target);
    const main = await this.#catalog.fitting(projectId, target);
    const dependencies = await this.#dependencies(session, main, target);
    return {
      projectId: main.project.id,
      title: main.project.title,
      version: versionOf(main),
      dependencies: dependencies.map((d) => ({ projectId: d.project.id, title: d.project.title, version: versionOf(d) })),
    };
  }

  async #dependencies(session: PanelSession, main: Fitting, target: Target): Promise<Fitting[]> {
    const installed = new Set((await listInstalled(this.#db, this.#ref(session))).map((row) => row.projectId));
    const found: Fitting[] = [];
    for (const dependency of main.version.dependencies.filter((d) => d.dependency_type === 'required').slice(0, 20)) {
      const projectId = dependency.project_id ?? (dependency.version_id ? await this.#catalog.projectOfVersion(dependency.version_id) : undefined);
      if (!projectId || installed.has(projectId) || projectId === main.project.id || found.some((f) => f.project.id === projectId)) continue;
      found.push(await this.#catalog.fitting(projectId, target));
    }
    return found;
  }

  /** Installs a project (and the chosen required dependencies first), each file checked and audited. */
  async install(session: PanelSession, body: InstallBody, caller: Caller): Promise<ChangeAnswer> {
    await this.#allowed(session, 'write');
    const target: Target = { software: body.software, version: body.version, kind: body.kind };
    this.#checkKind(target);
    const main = await this.#catalog.fitting(body.projectId, target, body.versionId);
    const wanted = new Set(body.dependencies);
    const dependencies = (await this.#dependencies(session, main, target)).filter((d) => wanted.has(d.project.id) || wanted.has(d.project.slug));
    const levelName = target.kind === 'datapack' ? (await this.context(session, caller.onEnded)).levelName : 'world';
    const changed: ChangeAnswer['changed'] = [];
    for (const fitting of [...dependencies, main]) changed.push(await this.#put(session, fitting, target.kind, levelName, 'panel.modrinth.install', caller));
    return this.#answer(session, changed, 'Installed');
  }

  async #put(
    session: PanelSession,
    fitting: Fitting,
    kind: Target['kind'],
    levelName: string,
    action: 'panel.modrinth.install' | 'panel.modrinth.update',
    caller: Caller,
  ) {
    const previous = await findInstalled(this.#db, this.#ref(session), fitting.project.id);
    const detail = {
      project: fitting.project.title,
      projectId: fitting.project.id,
      version: fitting.version.version_number,
      ...(previous ? { from: previous.versionNumber } : {}),
      file: fitting.file.fileName,
    };
    return this.#panel.audited(session, caller, action, detail, async () => {
      const folder = folderFor(kind, levelName);
      const path = await this.#engine(session, (c) => this.#files.place(c, folder, fitting.file), caller.onEnded);
      if (previous && previous.path !== path) await this.#engine(session, (c) => this.#files.remove(c, previous.path), caller.onEnded);
      await saveInstalled(this.#db, this.#ref(session), {
        projectId: fitting.project.id,
        title: fitting.project.title,
        iconUrl: fitting.project.icon_url && /^https?:\/\//.test(fitting.project.icon_url) ? fitting.project.icon_url : null,
        kind,
        versionId: fitting.version.id,
        versionNumber: fitting.version.version_number,
        path,
        sha512: fitting.file.sha512,
        installedAt: this.#now(),
      });
      return { projectId: fitting.project.id, title: fitting.project.title, versionNumber: fitting.version.version_number, path };
    });
  }

  async #answer(session: PanelSession, changed: ChangeAnswer['changed'], verb: string): Promise<ChangeAnswer> {
    const state = await this.#engine(session, (c) => this.#panel.driver.getResources(c))
      .then((r) => r.state)
      .catch(() => 'offline' as const);
    const restartSuggested = state !== 'offline';
    const names = changed.map((c) => (verb === 'Removed' ? c.title : `${c.title} ${c.versionNumber}`)).join(', ');
    return {
      message: `${verb} ${names}.${restartSuggested ? ' Restart the server to load the change.' : ' It takes effect when the server starts.'}`,
      changed,
      restartSuggested,
    };
  }

  async installed(session: PanelSession, target: Omit<Target, 'kind'>, onEnded?: () => void): Promise<InstalledAnswer> {
    await this.#allowed(session, 'list');
    const rows = await listInstalled(this.#db, this.#ref(session));
    const folders = [...new Set(rows.map((row) => row.path.slice(0, row.path.lastIndexOf('/'))))];
    const present = new Set<string>();
    await this.#engine(
      session,
      async (c) => {
        for (const folder of folders) {
          const entries = await this.#panel.driver.listFiles(c, folder).catch(() => []);
          for (const entry of entries) present.add(entry.path);
        }
      },
      onEnded,
    );
    const updates = new Map<string, { id: string; version_number: string; date_published: string }>();
    // The list stays usable when Modrinth does not answer: it says the updates could not be checked.
    let updatesNote: string | null = null;
    try {
      for (const kind of kindsFor(target.software)) {
        const ofKind = rows.filter((row) => row.kind === kind);
        for (const [hash, version] of await this.#catalog.updates(
          ofKind.map((row) => row.sha512),
          { ...target, kind },
        ))
          updates.set(hash, version);
      }
    } catch (error) {
      if (!(error instanceof HttpError && error.code.startsWith('modrinth_'))) throw error;
      updatesNote = `Updates could not be checked: ${error.message}`;
    }
    return {
      updatesNote,
      projects: rows.map((row) => {
        const newer = updates.get(row.sha512);
        return {
          projectId: row.projectId,
          title: row.title,
          iconUrl: row.iconUrl,
          kind: row.kind,
          versionId: row.versionId,
          versionNumber: row.versionNumber,
          path: row.path,
          installedAt: new Date(row.installedAt).toISOString(),
          present: present.has(row.path),
          update: newer && newer.id !== row.versionId ? { versionId: newer.id, versionNumber: newer.version_number } : null,
        };
      }),
    };
  }

  async update(session: PanelSession, projectId: string, target: Omit<Target, 'kind'>, caller: Caller): Promise<ChangeAnswer> {
    await this.#allowed(session, 'write');
    const row = await findInstalled(this.#db, this.#ref(session), projectId);
    if (!row) throw new HttpError(404, 'not_found', 'That project is not installed on this server by this tool.');
    const full: Target = { ...target, kind: row.kind };
    this.#checkKind(full);
    const fitting = await this.#catalog.fitting(projectId, full);
    if (fitting.version.id === row.versionId)
      return { message: `${row.title} ${row.versionNumber} is already the newest version that fits.`, changed: [], restartSuggested: false };
    const folder = row.path.slice(0, row.path.lastIndexOf('/'));
    const levelName = row.kind === 'datapack' ? folder.replace(/\/datapacks$/, '') : 'world';
    return this.#answer(session, [await this.#put(session, fitting, row.kind, levelName, 'panel.modrinth.update', caller)], 'Updated to');
  }

  async remove(session: PanelSession, projectId: string, caller: Caller): Promise<ChangeAnswer> {
    await this.#allowed(session, 'delete');
    const row = await findInstalled(this.#db, this.#ref(session), projectId);
    if (!row) throw new HttpError(404, 'not_found', 'That project is not installed on this server by this tool.');
    await this.#panel.audited(
      session,
      caller,
      'panel.modrinth.remove',
      { project: row.title, projectId, version: row.versionNumber, file: row.path },
      async () => {
        await this.#engine(session, (c) => this.#files.remove(c, row.path), caller.onEnded);
        await forgetInstalled(this.#db, this.#ref(session), projectId);
      },
    );
    return this.#answer(session, [{ projectId, title: row.title, versionNumber: row.versionNumber, path: row.path }], 'Removed');
  }
}

function versionOf(f: Fitting): InstallPlan['version'] {
  return {
    versionId: f.version.id,
    versionNumber: f.version.version_number,
    name: f.version.name,
    fileName: f.file.fileName,
    size: f.file.size,
    publishedAt: new Date(f.version.date_published).toISOString(),
  };
}
