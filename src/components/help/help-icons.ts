import { CreditCard, Gamepad2, Globe, LifeBuoy, Server, Shield, Wrench } from 'lucide-react';
import type { HelpIconName } from '../../data/help.ts';

/** The lucide icon of each help category, by the name the content data gives it. */
export const helpIcons: Record<HelpIconName, typeof Gamepad2> = {
  gamepad: Gamepad2,
  server: Server,
  globe: Globe,
  'credit-card': CreditCard,
  shield: Shield,
  wrench: Wrench,
  'life-buoy': LifeBuoy,
};
