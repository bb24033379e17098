import type { SettingsAnswer, SettingsChange, SettingsChangeAnswer } from '../../../contracts/minecraft-settings.ts';
import { settingDefaults, settingKeys, settingLabels, settingProblem, type SettingKey } from '../../../contracts/minecraft-settings-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GameServerDriver, ServerCredentials } from '../driver.ts';
import type { Caller, PanelService } from '../panel-service.ts';
import type { PanelSession } from '../session-store.ts';
import { PropertiesFile } from './properties-file.ts';

const file = 'server.properties';

function missing(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 404;
}

/** A value as the audit log says it: quoted, and short. */
const said = (value: string) => `“${value.length > 60 ? `${value.slice(0, 57)}…` : value}”`.replace(/\n/g, '\\n');

/**
 * The Settings tool (docs/decisions.md 111): the common keys of server.properties, read and
 * changed through the file API (the folder worker as the server's user on the local driver, the
 * client API on Pterodactyl and Pelican). Only the keys that change are rewritten; comments and
 * keys we do not know stay byte for byte. The seed is refused once the world exists.
 */
export class SettingsService {
  private readonly panel: PanelService;
  private readonly driver: GameServerDriver;

  constructor(panel: PanelService) {
    this.panel = panel;
    this.driver = panel.driver;
  }

  read(session: PanelSession, onEnded?: () => void): Promise<SettingsAnswer> {
    return this.panel.withEngine(
      session,
      async (credentials) => {
        const [{ text, exists }, server] = await Promise.all([this.file(credentials), this.driver.getServer(credentials)]);
        const properties = new PropertiesFile(text);
        const values = Object.fromEntries(settingKeys.map((key) => [key, properties.get(key) ?? settingDefaults[key]])) as Record<SettingKey, string>;
        return { values, exists, worldExists: await this.worldExists(credentials, properties), running: server.state !== 'offline' };
      },
      onEnded,
    );
  }

  change(session: PanelSession, change: SettingsChange, caller: Caller): Promise<SettingsChangeAnswer> {
    const detail: Record<string, string> = {};
    return this.panel.audited(session, caller, 'panel.settings.change', detail, () =>
      this.panel.withEngine(
        session,
        async (credentials) => {
          const fields: Record<string, string> = {};
          for (const key of settingKeys) {
            const value = change[key];
            const problem = value === undefined ? undefined : settingProblem(key, value);
            if (problem) fields[key] = problem;
          }
          if (Object.keys(fields).length > 0) throw new HttpError(400, 'invalid', Object.values(fields).join(' '), { fields });
          const [{ text }, server] = await Promise.all([this.file(credentials), this.driver.getServer(credentials)]);
          const properties = new PropertiesFile(text);
          const changed = settingKeys.filter((key) => change[key] !== undefined && change[key] !== (properties.get(key) ?? settingDefaults[key]));
          if (changed.includes('level-seed') && (await this.worldExists(credentials, properties)))
            throw new HttpError(
              409,
              'world_exists',
              'The world already exists, so its seed cannot change it. Make a new world (delete the world folder, after a backup) to use another seed.',
              {
                fields: { 'level-seed': 'The world already exists.' },
              },
            );
          detail.changes = changed
            .map((key) => `${settingLabels[key]} ${said(properties.get(key) ?? settingDefaults[key])} → ${said(change[key]!)}`)
            .join('; ');
          if (changed.length === 0) return { changed, restartSuggested: false, message: 'Nothing changed.' };
          for (const key of changed) properties.set(key, change[key]!);
          await this.driver.writeFile(credentials, file, properties.toString());
          const running = server.state !== 'offline';
          return {
            changed,
            restartSuggested: running,
            message: running ? 'Saved. The server reads these settings when it starts: restart it to apply them.' : 'Saved. They apply when the server starts.',
          };
        },
        caller.onEnded,
      ),
    );
  }

  private async file(credentials: ServerCredentials): Promise<{ text: string; exists: boolean }> {
    try {
      return { text: (await this.driver.readFile(credentials, file)).content, exists: true };
    } catch (error) {
      if (missing(error)) return { text: '', exists: false };
      throw error;
    }
  }

  /** The world folder (level-name, `world` by default) holds a level.dat. */
  private async worldExists(credentials: ServerCredentials, properties: PropertiesFile): Promise<boolean> {
    const level = (properties.get('level-name') ?? 'world').trim() || 'world';
    try {
      return (await this.driver.listFiles(credentials, level)).some((entry) => entry.name === 'level.dat');
    } catch (error) {
      if (missing(error) || (error instanceof HttpError && error.statusCode === 400)) return false;
      throw error;
    }
  }
}
