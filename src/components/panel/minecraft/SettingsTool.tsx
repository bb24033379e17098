import { AlertTriangle, SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { difficulties, gameModes, settingKeys, settingLabels, settingProblem, type SettingKey } from '../../../../contracts/minecraft-settings-rules.ts';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { buttonVariants } from '../../ui/button-variants.ts';
import { panelApi } from '../panel-api.ts';
import { ToolFrame, ToolStatus } from '../ToolFrame.tsx';
import { minecraftApi, type SettingsAnswer } from './minecraft-api.ts';
import { MotdPreview } from './MotdPreview.tsx';

const texts = minecraftTexts.settings;
type Values = Record<SettingKey, string>;

const inputClasses =
  'mt-1 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60';

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {(error ?? hint) && (
        <p id={`${id}-hint`} className={`mt-1 text-xs ${error ? 'text-red-300' : 'text-slate-400'}`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(next: boolean): void }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-200">
      <input id={id} type="checkbox" className="size-4 accent-brand-500" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * The Settings tool (docs/decisions.md 111): MOTD with its colour codes previewed, difficulty,
 * game mode, max players, PvP, whitelist, view distance, seed (read-only once the world exists)
 * and online mode with its warning. Each field is checked as the server checks it; only changed
 * keys are sent, and a running server is offered a restart.
 */
export function SettingsTool() {
  const [answer, setAnswer] = useState<SettingsAnswer>();
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [restartOffered, setRestartOffered] = useState(false);
  const ids = useId();
  const id = (key: SettingKey) => `${ids}-${key}`;

  const load = useCallback(async () => {
    try {
      const next = await minecraftApi.settings();
      setAnswer(next);
      setValues(next.values);
    } catch (error) {
      setStatus(messageOf(error));
    }
  }, []);
  useEffect(() => void load(), [load]);

  if (!answer || !values)
    return (
      <ToolFrame ids={ids} icon={SlidersHorizontal} title={minecraftTexts.tools.settings} testId="settings-tool">
        <ToolStatus testId="settings-status">{status}</ToolStatus>
        <p className="p-5 text-sm text-slate-400">{texts.loading}</p>
      </ToolFrame>
    );

  const set = (key: SettingKey, value: string) => {
    setValues({ ...values, [key]: value });
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const described = (key: SettingKey) => ({ 'aria-describedby': `${id(key)}-hint`, 'aria-invalid': errors[key] ? true : undefined });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const changed = settingKeys.filter((key) => values[key] !== answer.values[key]);
    const problems = Object.fromEntries(changed.flatMap((key) => (settingProblem(key, values[key]) ? [[key, settingProblem(key, values[key])]] : [])));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setStatus(Object.values(problems).join(' '));
      return;
    }
    setBusy(true);
    try {
      const done = await minecraftApi.changeSettings(Object.fromEntries(changed.map((key) => [key, values[key]])));
      setStatus(done.message);
      setRestartOffered(done.restartSuggested);
      await load();
    } catch (error) {
      setStatus(messageOf(error));
      if (error instanceof ApiError) setErrors(error.fields as Partial<Record<SettingKey, string>>);
    } finally {
      setBusy(false);
    }
  };

  const restart = async () => {
    setBusy(true);
    try {
      await panelApi.power('restart');
      setStatus(texts.restarting);
      setRestartOffered(false);
    } catch (error) {
      setStatus(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const select = (key: 'difficulty' | 'gamemode', options: readonly string[], words: Record<string, string>) => (
    <Field id={id(key)} label={settingLabels[key]} error={errors[key]}>
      <select id={id(key)} className={inputClasses} value={values[key]} onChange={(event) => set(key, event.target.value)} {...described(key)}>
        {!options.includes(values[key]) && <option value={values[key]}>{values[key]}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {words[option]}
          </option>
        ))}
      </select>
    </Field>
  );
  const number = (key: 'max-players' | 'view-distance', min: number, max: number) => (
    <Field id={id(key)} label={settingLabels[key]} error={errors[key]} hint={`${min}–${max}`}>
      <input
        id={id(key)}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        className={inputClasses}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        {...described(key)}
      />
    </Field>
  );

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
            {...described('motd')}
          />
          <MotdPreview motd={values.motd} label={texts.preview} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {select('difficulty', difficulties, texts.options.difficulty)}
          {select('gamemode', gameModes, texts.options.gamemode)}
          {number('max-players', 1, 1000)}
          {number('view-distance', 2, 32)}
        </div>
        <div className="space-y-2">
          <Toggle id={id('pvp')} label={texts.pvpLabel} checked={values.pvp === 'true'} onChange={(on) => set('pvp', String(on))} />
          <Toggle
            id={id('white-list')}
            label={texts.whitelistLabel}
            checked={values['white-list'] === 'true'}
            onChange={(on) => set('white-list', String(on))}
          />
          <Toggle
            id={id('online-mode')}
            label={texts.onlineLabel}
            checked={values['online-mode'] === 'true'}
            onChange={(on) => set('online-mode', String(on))}
          />
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
            {...described('level-seed')}
          />
        </Field>
        <button type="submit" className={buttonVariants()} disabled={busy}>
          {busy ? texts.saving : texts.save}
        </button>
      </form>
    </ToolFrame>
  );
}
