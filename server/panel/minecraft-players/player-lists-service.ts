import type { PlayerChangeAnswer, PlayerListsAnswer } from '../../../contracts/minecraft-players.ts';
import { checkPlayerName, playerListFiles, playerListKinds, type PlayerListKind } from '../../../contracts/minecraft-players-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GameServerDriver, ServerCredentials } from '../driver.ts';
import { PropertiesFile } from '../minecraft-settings/properties-file.ts';
import type { PanelAuditAction } from '../panel-audit-actions.ts';
import type { Caller, PanelService } from '../panel-service.ts';
import type { PanelSession } from '../session-store.ts';
import { offlineUuid } from './offline-uuid.ts';
import { entriesOf, hasPlayer, listFileText, newEntry, parseListFile, withoutPlayer } from './player-list-files.ts';

/** The console command that makes a change on a running server, for every list. */
const commands: Record<PlayerListKind, { add: string; remove: string }> = {
  whitelist: { add: 'whitelist add', remove: 'whitelist remove' },
  ops: { add: 'op', remove: 'deop' },
  bans: { add: 'ban', remove: 'pardon' },
};

/** The audit log's action for every change, read as a sentence in the staff console. */
const actions: Record<PlayerListKind, { add: PanelAuditAction; remove: PanelAuditAction }> = {
  whitelist: { add: 'panel.players.whitelist_add', remove: 'panel.players.whitelist_remove' },
  ops: { add: 'panel.players.op', remove: 'panel.players.deop' },
  bans: { add: 'panel.players.ban', remove: 'panel.players.pardon' },
};

const listWords: Record<PlayerListKind, string> = { whitelist: 'the whitelist', ops: 'the operators', bans: 'the bans' };

/** Which lists a server's program keeps: every one for vanilla and its forks, fewer for some (the demo). */
export type SupportedLists = (serverId: string) => readonly PlayerListKind[];

function notFound(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 404;
}

/**
 * The Players tool (docs/decisions.md 110): the whitelist, operators and bans of a Minecraft
 * server. A running server is changed through its console (the command a player's name cannot
 * extend: the name is checked first), a stopped one through the list files, written through the
 * same confined file path as the file manager (the folder worker as the server's user on the local
 * driver, the client API's file endpoints on Pterodactyl and Pelican). Every change is audited.
 */
export class PlayerListsService {
  private readonly panel: PanelService;
  private readonly driver: GameServerDriver;
  private readonly supported: SupportedLists;
  private readonly now: () => number;

  constructor(deps: { panel: PanelService; supported: SupportedLists; now: () => number }) {
    this.panel = deps.panel;
    this.driver = deps.panel.driver;
    this.supported = deps.supported;
    this.now = deps.now;
  }

  async lists(session: PanelSession, onEnded?: () => void): Promise<PlayerListsAnswer> {
    return this.panel.withEngine(
      session,
      async (credentials) => {
        const [server, onlineMode, whitelist, ops, bans] = await Promise.all([
          this.driver.getServer(credentials),
          this.onlineMode(credentials),
          this.readList(credentials, 'whitelist'),
          this.readList(credentials, 'ops'),
          this.readList(credentials, 'bans'),
        ]);
        const via = server.state === 'offline' ? ('files' as const) : ('console' as const);
        const supported = playerListKinds.filter((kind) => this.supported(session.serverId).includes(kind));
        const note =
          server.state === 'starting' || server.state === 'stopping'
            ? 'The server is starting or stopping: changes wait until it is running or stopped.'
            : via === 'files' && onlineMode
              ? 'The server is stopped and checks Mojang accounts (online mode): players can be removed now, and added once it runs, since only the running server looks their accounts up.'
              : null;
        return { via, supported, onlineMode, note, whitelist: entriesOf(whitelist), ops: entriesOf(ops), bans: entriesOf(bans) };
      },
      onEnded,
    );
  }

  add(session: PanelSession, list: PlayerListKind, name: string, caller: Caller): Promise<PlayerChangeAnswer> {
    return this.change(session, list, 'add', name, caller);
  }

  remove(session: PanelSession, list: PlayerListKind, name: string, caller: Caller): Promise<PlayerChangeAnswer> {
    return this.change(session, list, 'remove', name, caller);
  }

  private change(session: PanelSession, list: PlayerListKind, change: 'add' | 'remove', input: string, caller: Caller): Promise<PlayerChangeAnswer> {
    const detail: Record<string, string> = { list, name: input.slice(0, 40) };
    return this.panel.audited(session, caller, actions[list][change], detail, async () => {
      // The route's schema checked it too: this is the rule the command depends on, so it is checked where the command is made.
      const checked = checkPlayerName(input);
      if (!checked.ok) throw new HttpError(400, 'invalid', checked.message, { fields: { name: checked.message } });
      const { name } = checked;
      if (!this.supported(session.serverId).includes(list))
        throw new HttpError(
          409,
          'list_unsupported',
          `This server's program keeps no ${list === 'ops' ? 'operators list' : list === 'bans' ? 'bans' : 'whitelist'}.`,
        );
      const answer = await this.panel.withEngine(session, (credentials) => this.apply(credentials, list, change, name), caller.onEnded);
      detail.via = answer.via;
      return answer;
    });
  }

  private async apply(credentials: ServerCredentials, list: PlayerListKind, change: 'add' | 'remove', name: string): Promise<PlayerChangeAnswer> {
    const { state } = await this.driver.getServer(credentials);
    if (state === 'starting' || state === 'stopping')
      throw new HttpError(409, 'server_changing', 'The server is starting or stopping. Try again once it is running or stopped.');
    if (state === 'running') {
      const command = `${commands[list][change]} ${name}`;
      await this.driver.sendCommand(credentials, command);
      return { via: 'console', message: `Sent “${command}” to the server's console.` };
    }
    const file = playerListFiles[list];
    const entries = await this.readList(credentials, list);
    if (change === 'remove') {
      if (!hasPlayer(entries, name)) return { via: 'files', message: `${name} is not in ${listWords[list]}.` };
      await this.driver.writeFile(credentials, file, listFileText(withoutPlayer(entries, name)));
      return { via: 'files', message: `Removed ${name} from ${listWords[list]} (${file}). It applies when the server starts.` };
    }
    if (hasPlayer(entries, name)) return { via: 'files', message: `${name} is already in ${listWords[list]}.` };
    if (await this.onlineMode(credentials))
      throw new HttpError(
        409,
        'needs_running_server',
        'This server checks Mojang accounts (online mode), so a player is added while it runs, when it can look the account up. Start the server and try again.',
      );
    await this.driver.writeFile(credentials, file, listFileText([...entries, newEntry(list, name, offlineUuid(name), this.now())]));
    return { via: 'files', message: `Added ${name} to ${listWords[list]} (${file}). It applies when the server starts.` };
  }

  private async readList(credentials: ServerCredentials, list: PlayerListKind) {
    try {
      return parseListFile(list, (await this.driver.readFile(credentials, playerListFiles[list])).content);
    } catch (error) {
      if (notFound(error)) return [];
      throw error;
    }
  }

  /** server.properties' online-mode; true when the file or the key is missing, as vanilla's default. */
  private async onlineMode(credentials: ServerCredentials): Promise<boolean> {
    try {
      return new PropertiesFile((await this.driver.readFile(credentials, 'server.properties')).content).get('online-mode')?.trim() !== 'false';
    } catch (error) {
      if (notFound(error)) return true;
      throw error;
    }
  }
}
