import type { SettingField } from '../../../contracts/setting-fields.ts';
import { FormField } from './FormField.tsx';
import { input } from './staff-styles.ts';

/** A type's or kind's settings as typed: a value per key, '' for an empty box. */
export type SettingDraft = Record<string, string>;

/** The stored settings as the form's boxes show them. */
export function settingDraftOf(fields: readonly SettingField[], settings: Record<string, unknown> = {}): SettingDraft {
  return Object.fromEntries(
    fields.map((f) => [f.key, settings[f.key] === undefined ? (f.input === 'choice' ? (f.default ?? f.choices?.[0] ?? '') : '') : String(settings[f.key])]),
  );
}

/** What is sent: an empty box is left out (the default applies), a number box as a number for the server to judge. */
export function settingsOfDraft(fields: readonly SettingField[], draft: SettingDraft): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const f of fields) {
    const value = (draft[f.key] ?? '').trim();
    if (value === '') continue;
    settings[f.key] = f.input === 'number' ? Number(value) : value;
  }
  return settings;
}

/**
 * The settings a monitor type or an alert channel kind declares (docs/decisions.md 114), drawn
 * from the fields the server derived from its schema; errors come back as `settings.<key>`.
 */
export function SettingFields({
  id,
  fields,
  draft,
  errors,
  onChange,
}: {
  id: string;
  fields: readonly SettingField[];
  draft: SettingDraft;
  errors: Record<string, string>;
  onChange: (draft: SettingDraft) => void;
}) {
  return (
    <>
      {fields.map((f) => {
        const fieldId = `${id}-setting-${f.key}`;
        const value = draft[f.key] ?? '';
        const set = (event: { target: { value: string } }) => onChange({ ...draft, [f.key]: event.target.value });
        const hint = [f.hint, f.default !== null && f.input !== 'choice' ? `Default ${f.default}.` : ''].filter(Boolean).join(' ') || undefined;
        return (
          <FormField key={f.key} id={fieldId} label={f.required ? f.label : `${f.label} (optional)`} hint={hint} error={errors[`settings.${f.key}`]}>
            {f.input === 'choice' ? (
              <select className={input} value={value} onChange={set}>
                {(f.choices ?? []).map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className={input}
                value={value}
                onChange={set}
                inputMode={f.input === 'number' ? 'decimal' : undefined}
                autoComplete="off"
                spellCheck={false}
                required={f.required}
              />
            )}
          </FormField>
        );
      })}
    </>
  );
}
