import { defineContent, z } from './define.ts';

const consentScriptsSchema = z.array(
  z.object({
    /** Which consent choice gates this script. */
    category: z.enum(['analytics', 'marketing']),
    /** The script's absolute https URL; its origin is added to the CSP's script-src at build. */
    src: z.url({ protocol: /^https$/ }),
  }),
);

/**
 * Optional third-party scripts the operator runs, loaded only after the visitor consents to
 * their category (docs/decisions.md 9). None are configured by default.
 */
export const consentScripts = defineContent('consent-scripts', consentScriptsSchema, []);

/** The origins the CSP must allow for the configured consent scripts. */
export function consentScriptOrigins(): string[] {
  return [...new Set(consentScripts.map((s) => new URL(s.src).origin))];
}
