import { type ContentKind, gameVersionPattern, kindsFor, type ServerSoftware, serverSoftwares, softwareRules } from '../../../contracts/modrinth-rules.ts';
import { modrinthTexts as texts } from '../../data/panel-modrinth.ts';
import type { ModrinthContext } from './modrinth-api.ts';

const field =
  'mt-1.5 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40';

/**
 * The "Mods & plugins" tool's server fields: its software and game version as detected (each
 * says where it was read), which the customer may correct, and the kind of content to search.
 */
export function ModServerFields({
  ids,
  context,
  software,
  version,
  kind,
  onSoftware,
  onVersion,
  onKind,
}: {
  ids: string;
  context: ModrinthContext;
  software: ServerSoftware | '';
  version: string;
  kind: ContentKind;
  onSoftware: (value: ServerSoftware | '') => void;
  onVersion: (value: string) => void;
  onKind: (value: ContentKind) => void;
}) {
  return (
    <fieldset className="grid gap-3 border-b border-white/10 px-4 py-3 sm:grid-cols-3 sm:px-5">
      <legend className="sr-only">{texts.server.legend}</legend>
      <div>
        <label htmlFor={`${ids}-software`} className="block text-sm font-medium text-slate-200">
          {texts.server.software}
        </label>
        <select
          id={`${ids}-software`}
          value={software}
          onChange={(e) => onSoftware(e.target.value as ServerSoftware | '')}
          aria-describedby={`${ids}-software-source`}
          className={field}
        >
          <option value="">{texts.server.chooseSoftware}</option>
          {serverSoftwares.map((name) => (
            <option key={name} value={name}>
              {softwareRules[name].label}
            </option>
          ))}
        </select>
        <p id={`${ids}-software-source`} className="mt-1 text-xs text-slate-400">
          {texts.server.detected[context.softwareSource]}
        </p>
      </div>
      <div>
        <label htmlFor={`${ids}-version`} className="block text-sm font-medium text-slate-200">
          {texts.server.version}
        </label>
        <input
          id={`${ids}-version`}
          value={version}
          onChange={(e) => onVersion(e.target.value.trim())}
          placeholder={texts.server.versionHint}
          inputMode="decimal"
          aria-describedby={`${ids}-version-source`}
          aria-invalid={version !== '' && !gameVersionPattern.test(version)}
          className={field}
        />
        <p id={`${ids}-version-source`} className="mt-1 text-xs text-slate-400">
          {texts.server.detected[context.versionSource]}
        </p>
      </div>
      <div>
        <label htmlFor={`${ids}-kind`} className="block text-sm font-medium text-slate-200">
          {texts.server.kind}
        </label>
        <select id={`${ids}-kind`} value={kind} onChange={(e) => onKind(e.target.value as ContentKind)} disabled={!software} className={field}>
          {(software ? kindsFor(software) : (['datapack'] as ContentKind[])).map((k) => (
            <option key={k} value={k}>
              {texts.kinds[k]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
