import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsAnswer, settingsChange, settingsChangeAnswer } from '../../../contracts/minecraft-settings.ts';
import { panelErrors, type PanelRequests } from '../panel-routes.ts';
import { SettingsService } from './settings-service.ts';
import type { PanelService } from '../panel-service.ts';

/** The Settings tool's routes (docs/decisions.md 111), under /api/panel: read, and change only the keys given. */
export function registerSettings(app: FastifyInstance, deps: { panel: PanelService; requests: PanelRequests }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new SettingsService(deps.panel);
  const { requests } = deps;

  api.get('/minecraft/settings', { schema: { response: { 200: settingsAnswer, ...panelErrors } } }, async (request, reply) =>
    service.read(await requests.session(request), requests.ended(reply)),
  );

  api.put('/minecraft/settings', { schema: { body: settingsChange, response: { 200: settingsChangeAnswer, ...panelErrors } } }, async (request, reply) =>
    service.change(await requests.session(request), request.body, requests.caller(request, reply)),
  );
}
