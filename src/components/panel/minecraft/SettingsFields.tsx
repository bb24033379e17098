// The Settings tool's fields (SettingsTool.tsx): a labelled field with its hint or error, a
// checkbox, a select of a setting's values and a number in a range, each described by its hint.
import type { ReactNode } from 'react';
import { type SettingKey, settingLabels } from '../../../../contracts/minecraft-settings-rules.ts';

export const inputClasses =
  'mt-1 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60';

/** The attributes that tie a setting's control to its hint and say when it is wrong. */
export const describedBy = (id: string, error: string | undefined) => ({ 'aria-describedby': `${id}-hint`, 'aria-invalid': error ? true : undefined });

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
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

export function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(next: boolean): void }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-200">
      <input id={id} type="checkbox" className="size-4 accent-brand-500" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

interface SettingProps<K extends SettingKey> {
  id: string;
  setting: K;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** A setting chosen from a list; a value the server has that the list lacks is kept as one more option. */
export function SettingSelect({
  id,
  setting,
  value,
  error,
  onChange,
  options,
  words,
}: SettingProps<'difficulty' | 'gamemode'> & { options: readonly string[]; words: Record<string, string> }) {
  return (
    <Field id={id} label={settingLabels[setting]} error={error}>
      <select id={id} className={inputClasses} value={value} onChange={(event) => onChange(event.target.value)} {...describedBy(id, error)}>
        {!options.includes(value) && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {words[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A whole number in a range, the range as its hint. */
export function SettingNumber({ id, setting, value, error, onChange, min, max }: SettingProps<'max-players' | 'view-distance'> & { min: number; max: number }) {
  return (
    <Field id={id} label={settingLabels[setting]} error={error} hint={`${min}–${max}`}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        className={inputClasses}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
      />
    </Field>
  );
}
