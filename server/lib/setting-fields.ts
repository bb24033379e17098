import { z } from 'zod';
import type { SettingField } from '../../contracts/setting-fields.ts';

interface JsonProperty {
  type?: string;
  enum?: unknown[];
  title?: string;
  description?: string;
  default?: unknown;
}

/**
 * The console's fields for a settings schema (a zod object whose fields carry `.meta({ title,
 * description })`), read from its JSON Schema: a monitor type or an alert channel kind declares
 * its settings once, and the console draws them (docs/decisions.md 114).
 */
export function settingFieldsOf(schema: z.ZodType): SettingField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonProperty>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([key, p]) => ({
    key,
    label: p.title ?? key,
    hint: p.description ?? null,
    input: Array.isArray(p.enum) ? 'choice' : p.type === 'number' || p.type === 'integer' ? 'number' : 'text',
    choices: Array.isArray(p.enum) ? p.enum.map(String) : null,
    required: required.has(key),
    default: p.default === undefined ? null : String(p.default),
  }));
}

/** A settings object checked against its schema: the value, or each problem under `settings.<key>`. */
export function parseSettings<S>(schema: z.ZodType<S>, settings: unknown): { ok: true; value: S } | { ok: false; fields: Record<string, string> } {
  const parsed = schema.safeParse(settings ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = ['settings', ...issue.path.map(String)].join('.');
    // An unknown key is reported under the key itself.
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) fields[`settings.${k}`] ??= 'is not a setting of this type';
    else fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}
