/** Alerts' states, shared by the console and the server (no dependencies). The channels' kinds are the server's (GET /api/staff/alerts/kinds). */

/** firing: down and nobody acknowledged; acknowledged: someone is on it; recovered: up again. */
export const alertStates = ['firing', 'acknowledged', 'recovered'] as const;
export type AlertState = (typeof alertStates)[number];
