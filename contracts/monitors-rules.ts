/** The monitors' constants the browser uses too (the console's form), without zod. */

export const monitorTypes = ['tcp', 'http', 'minecraft'] as const;
export type MonitorType = (typeof monitorTypes)[number];
export const monitorIdPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;
