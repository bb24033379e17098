/** Alert channels' kinds and alerts' states, shared by the console and the server (no dependencies). */
export const alertChannelKinds = ['email', 'discord', 'slack', 'webhook', 'ntfy'] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

/** firing: down and nobody acknowledged; acknowledged: someone is on it; recovered: up again. */
export const alertStates = ['firing', 'acknowledged', 'recovered'] as const;
export type AlertState = (typeof alertStates)[number];

export const alertChannelKindNames: Record<AlertChannelKind, string> = {
  email: 'E-mail',
  discord: 'Discord',
  slack: 'Slack',
  webhook: 'JSON webhook',
  ntfy: 'ntfy push',
};
