import type { StartupAnswer, StartupVariableAnswer } from '../../../contracts/minecraft-startup.ts';
import { ruleProblem } from '../../../contracts/startup-rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Caller, PanelService } from '../panel-service.ts';
import type { PanelSession } from '../session-store.ts';
import type { StartupEngine } from './startup-engine.ts';

/**
 * The Version tool (docs/decisions.md 112): the startup variables the provider lets the customer
 * change, each checked by its rules before the engine is asked (the panel checks again), and the
 * reinstall a change of software or version needs on Pterodactyl and Pelican. Audited in words.
 */
export class StartupService {
  private readonly panel: PanelService;
  private readonly engine: StartupEngine;

  constructor(panel: PanelService, engine: StartupEngine) {
    this.panel = panel;
    this.engine = engine;
  }

  read(session: PanelSession, onEnded?: () => void): Promise<StartupAnswer> {
    return this.panel.withEngine(session, (credentials) => this.engine.read(credentials), onEnded);
  }

  setVariable(session: PanelSession, key: string, value: string, caller: Caller): Promise<StartupVariableAnswer> {
    const detail: Record<string, string> = { variable: key, value };
    return this.panel.audited(session, caller, 'panel.startup.variable', detail, () =>
      this.panel.withEngine(
        session,
        async (credentials) => {
          const current = (await this.engine.read(credentials)).variables.find((v) => v.key === key);
          if (!current) throw new HttpError(400, 'invalid', `This server has no variable ${key}.`, { fields: { key: 'There is no such variable.' } });
          if (!current.editable) throw new HttpError(403, 'read_only', `${current.name} is set by the provider and cannot be changed here.`);
          const problem = current.rules ? ruleProblem(current.rules, value) : undefined;
          if (problem) throw new HttpError(400, 'invalid', `${current.name}: ${problem}`, { fields: { value: problem } });
          detail.from = current.value;
          detail.name = current.name;
          const variable = await this.engine.set(credentials, key, value);
          const message =
            variable.appliesOn === 'reinstall'
              ? `${variable.name} is now ${value}. It takes effect when the server is reinstalled: make a backup first, then reinstall.`
              : `${variable.name} is now ${value}. It takes effect at the next start: restart the server to apply it.`;
          return { variable, message };
        },
        caller.onEnded,
      ),
    );
  }

  reinstall(session: PanelSession, caller: Caller): Promise<void> {
    return this.panel.audited(session, caller, 'panel.startup.reinstall', {}, () =>
      this.panel.withEngine(session, (credentials) => this.engine.reinstall(credentials), caller.onEnded),
    );
  }
}
