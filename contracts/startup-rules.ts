/**
 * A startup variable's value checked by its egg's rules, as Pterodactyl and Pelican check it
 * (Laravel validation rules in one string: `required|string|max:20`, `in:paper,purpur`,
 * `regex:/^[0-9.]+$/`…), shared by the browser, the server and the test's fake panel without zod
 * (docs/decisions.md 112). Rules we do not know are left to the panel.
 */

/** What any value must be besides its rules: it reaches a startup command, so no shell metacharacter, space or control character. */
export const startupValuePattern = /^[A-Za-z0-9._:+\-/@,=]*$/;
export const maxStartupValueLength = 200;
/** An egg variable's environment name. */
export const startupKeyPattern = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The rules split on `|`, a `regex:` rule kept whole though its pattern holds `|`. */
export function splitRules(rules: string): string[] {
  const parts = rules.split('|');
  const out: string[] = [];
  for (let index = 0; index < parts.length; index += 1) {
    let part = parts[index]!;
    if (/^(not_)?regex:/.test(part)) {
      const delimiter = part.slice(part.indexOf(':') + 1, part.indexOf(':') + 2);
      const closed = (text: string) => new RegExp(`\\${delimiter}[a-z]*$`).test(text) && text.length > part.indexOf(':') + 2;
      while (!closed(part) && index + 1 < parts.length) {
        index += 1;
        part += `|${parts[index]}`;
      }
    }
    if (part !== '') out.push(part);
  }
  return out;
}

function patternOf(source: string): RegExp | undefined {
  const match = /^(.)(.*)\1([a-z]*)$/s.exec(source);
  if (!match) return undefined;
  try {
    return new RegExp(match[2]!, match[3]!.replace(/[^imsu]/g, ''));
  } catch {
    return undefined;
  }
}

/** The choices an `in:` rule allows, or undefined. */
export function ruleChoices(rules: string): string[] | undefined {
  const rule = splitRules(rules).find((r) => r.startsWith('in:'));
  return rule ? rule.slice(3).split(',') : undefined;
}

/** The value's first problem under the rules, in the panel's words, or undefined. */
export function ruleProblem(rules: string, value: string, field = 'value'): string | undefined {
  const list = splitRules(rules);
  const names = list.map((rule) => rule.split(':')[0]);
  const numeric = names.includes('numeric') || names.includes('integer');
  if (value === '') return names.includes('required') ? `The ${field} field is required.` : undefined;
  const size = numeric ? Number(value) : value.length;
  const unit = numeric ? '' : ' characters';
  for (const rule of list) {
    const colon = rule.indexOf(':');
    const name = colon < 0 ? rule : rule.slice(0, colon);
    const argument = colon < 0 ? '' : rule.slice(colon + 1);
    switch (name) {
      case 'numeric':
        if (!/^-?\d+(\.\d+)?$/.test(value)) return `The ${field} must be a number.`;
        break;
      case 'integer':
        if (!/^-?\d+$/.test(value)) return `The ${field} must be an integer.`;
        break;
      case 'boolean':
        if (!['true', 'false', '0', '1'].includes(value)) return `The ${field} field must be true or false.`;
        break;
      case 'alpha_num':
        if (!/^[A-Za-z0-9]+$/.test(value)) return `The ${field} must only contain letters and numbers.`;
        break;
      case 'alpha_dash':
        if (!/^[A-Za-z0-9_-]+$/.test(value)) return `The ${field} must only contain letters, numbers, dashes and underscores.`;
        break;
      case 'in':
        if (!argument.split(',').includes(value)) return `The selected ${field} is invalid.`;
        break;
      case 'not_in':
        if (argument.split(',').includes(value)) return `The selected ${field} is invalid.`;
        break;
      case 'max':
        if (size > Number(argument)) return `The ${field} may not be greater than ${argument}${unit}.`;
        break;
      case 'min':
        if (size < Number(argument)) return `The ${field} must be at least ${argument}${unit}.`;
        break;
      case 'between': {
        const [low, high] = argument.split(',').map(Number);
        if (size < low! || size > high!) return `The ${field} must be between ${low} and ${high}${unit}.`;
        break;
      }
      case 'regex':
      case 'not_regex': {
        const pattern = patternOf(argument);
        if (pattern && pattern.test(value) !== (name === 'regex')) return `The ${field} format is invalid.`;
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}
