// The Settings tool's state (SettingsTool.tsx): the server's settings read, the values being
// edited with each field's problem, saving only the changed keys after checking them as the
// server does (docs/decisions.md 111), and the restart offered when the server suggests one.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type SettingKey, settingKeys, settingProblem } from '../../../../contracts/minecraft-settings-rules.ts';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { panelApi } from '../panel-api.ts';
import { minecraftApi, type SettingsAnswer } from './minecraft-api.ts';

const texts = minecraftTexts.settings;
type Values = Record<SettingKey, string>;

export function useSettingsForm() {
  const [answer, setAnswer] = useState<SettingsAnswer>();
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [restartOffered, setRestartOffered] = useState(false);

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

  const set = (key: SettingKey, value: string) => {
    if (!values) return;
    setValues({ ...values, [key]: value });
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!answer || !values) return;
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

  return { answer, values, errors, status, busy, restartOffered, set, save, restart };
}
