/** The monitors' constants the browser uses too (the console's form), without zod. The types are the server's (GET /api/staff/monitors/types). */

export const monitorIdPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;
