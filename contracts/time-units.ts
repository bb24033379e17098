/** Lengths of time in milliseconds, shared by the site and the server (one definition each). */
export const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;
