/** The Settings tool's contract (docs/decisions.md 111): server.properties' common keys under /api/panel/minecraft/settings. */
import { z } from 'zod';
import { settingKeys, settingProblem, type SettingKey } from './minecraft-settings-rules.ts';

const settingValue = (key: SettingKey) =>
  z
    .string()
    .max(1000)
    .superRefine((value, ctx) => {
      const problem = settingProblem(key, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const settingsValues = z.object(Object.fromEntries(settingKeys.map((key) => [key, z.string()])) as Record<SettingKey, z.ZodString>);

export const settingsAnswer = z.object({
  /** Every field's value as the server reads it (vanilla's default where the file has no such key). */
  values: settingsValues,
  /** Whether server.properties exists yet. */
  exists: z.boolean(),
  /** The world has been made: its seed can no longer change it. */
  worldExists: z.boolean(),
  running: z.boolean(),
});

/** Only the keys that change; every other byte of the file stays as it was. */
export const settingsChange = z.strictObject(
  Object.fromEntries(settingKeys.map((key) => [key, settingValue(key).optional()])) as Record<SettingKey, z.ZodOptional<ReturnType<typeof settingValue>>>,
);

export const settingsChangeAnswer = z.object({
  changed: z.array(z.enum(settingKeys)),
  /** The server runs: it reads server.properties at start, so a restart applies the change. */
  restartSuggested: z.boolean(),
  message: z.string(),
});

export type SettingsAnswer = z.infer<typeof settingsAnswer>;
export type SettingsChange = z.infer<typeof settingsChange>;
export type SettingsChangeAnswer = z.infer<typeof settingsChangeAnswer>;
