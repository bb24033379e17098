import { AlertTriangle, SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { difficulties, gameModes, type SettingKey, settingLabels } from '../../../../contracts/minecraft-settings-rules.ts';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { buttonVariants } from '../../ui/button-variants.ts';
import { ToolFrame, ToolStatus } from '../ToolFrame.tsx';
import { MotdPreview } from './MotdPreview.tsx';
import { describedBy, Field, inputClasses, SettingNumber, SettingSelect, Toggle } from './SettingsFields.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const texts = minecraftTexts.settings;

/**
 * The Settings tool (docs/decisions.md 111): MOTD with its colour codes previewed, difficulty,
 * game mode, max players, PvP, whitelist, view distance, seed (read-only once the world exists)
 * and online mode with its warning. Each field is checked as the server checks it; only changed
 * keys are sent, and a running server is offered a restart (use-settings-form.ts).
 */
export function SettingsTool() {
  const { answer, values, errors, status, busy, restartOffered, set, save, restart } = useSettingsForm();
  const ids = useId();
  const id = (key: SettingKey) => `${ids}-${key}`;

  if (!answer || !values)
    return (
      <ToolFrame ids={ids} icon={SlidersHorizontal} title={minecraftTexts.tools.settings} testId="settings-tool">
        <ToolStatus testId="settings-status">{status}</ToolStatus>
        <p className="p-5 text-sm text-slate-400">{texts.loading}</p>
      </ToolFrame>
    );

  const setting = <K extends SettingKey>(key: K) => ({
    id: id(key),
    setting: key,
    value: values[key],
    error: errors[key],
    onChange: (value: string) => set(key, value),
  });
  const toggle = (key: 'pvp' | 'white-list' | 'online-mode') => ({
    id: id(key),
    checked: values[key] === 'true',
    onChange: (on: boolean) => set(key, String(on)),
  });

  return (
    <ToolFrame ids={ids} icon={SlidersHorizontal} title={minecraftTexts.tools.settings} testId="settings-tool">
      <ToolStatus testId="settings-status">{status}</ToolStatus>
      {restartOffered && (
        <div className="px-4 pt-2 sm:px-5">
          <button type="button" className={buttonVariants({ size: 'sm' })} disabled={busy} onClick={() => void restart()}>
            {texts.restart}
          </button>
        </div>
      )}
      <form onSubmit={(event) => void save(event)} className="space-y-5 p-4 sm:p-5" noValidate>
        <p className="text-sm text-slate-400">{answer.exists ? texts.intro : texts.newFile}</p>
        <Field id={id('motd')} label={settingLabels.motd} error={errors.motd} hint={texts.motdHint}>
          <textarea
            id={id('motd')}
            rows={2}
            className={`${inputClasses} font-mono`}
            value={values.motd}
            onChange={(event) => set('motd', event.target.value)}
            {...describedBy(id('motd'), errors.motd)}
          />
          <MotdPreview motd={values.motd} label={texts.preview} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <SettingSelect {...setting('difficulty')} options={difficulties} words={texts.options.difficulty} />
          <SettingSelect {...setting('gamemode')} options={gameModes} words={texts.options.gamemode} />
          <SettingNumber {...setting('max-players')} min={1} max={1000} />
          <SettingNumber {...setting('view-distance')} min={2} max={32} />
        </div>
        <div className="space-y-2">
          <Toggle {...toggle('pvp')} label={texts.pvpLabel} />
          <Toggle {...toggle('white-list')} label={texts.whitelistLabel} />
          <Toggle {...toggle('online-mode')} label={texts.onlineLabel} />
          {values['online-mode'] !== 'true' && (
            <p className="flex gap-2 rounded-lg border border-yellow-500/30 bg-yellow-500/10 p-3 text-sm text-yellow-100" data-testid="online-mode-warning">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {texts.onlineWarning}
            </p>
          )}
        </div>
        <Field
          id={id('level-seed')}
          label={settingLabels['level-seed']}
          error={errors['level-seed']}
          hint={answer.worldExists ? texts.seedLocked : texts.seedHint}
        >
          <input
            id={id('level-seed')}
            className={`${inputClasses} font-mono`}
            value={values['level-seed']}
            readOnly={answer.worldExists}
            onChange={(event) => set('level-seed', event.target.value)}
            {...describedBy(id('level-seed'), errors['level-seed'])}
          />
        </Field>
        <button type="submit" className={buttonVariants()} disabled={busy}>
          {busy ? texts.saving : texts.save}
        </button>
      </form>
    </ToolFrame>
  );
}
