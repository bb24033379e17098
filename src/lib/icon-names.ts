/**
 * The icons content modules may name (plans, features, products). Plain strings, so data
 * modules validate them without importing the icon library; src/components/plans/Icon.tsx
 * maps each name to its picture.
 */
export const iconNames = [
  'cpu',
  'ram',
  'disk',
  'ports',
  'backups',
  'bandwidth',
  'network',
  'support',
  'shield',
  'zap',
  'server',
  'gamepad',
  'bot',
  'globe',
  'database',
  'rocket',
  'clock',
  'activity',
  'sparkles',
  'award',
  'gauge',
  'boxes',
  'archive',
  'layers',
  'cloud',
  'puzzle',
  'wrench',
  'users',
  'mail',
  'lock',
  'terminal',
  'code',
  'check',
  'signal',
  'calculator',
] as const;

export type IconName = (typeof iconNames)[number];
