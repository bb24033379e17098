import {
  Activity, Award, Code, Cpu, Database, Eye, Globe, Handshake, HardDrive, Headphones, Heart, Key, Lightbulb, Lock, Megaphone, MemoryStick,
  Network, Percent, Rocket, Server, Shield, ShieldCheck, Thermometer, TrendingUp, Users, Zap, type LucideIcon,
} from 'lucide-react';

/** The icons content modules may name, by name (server-rendered pages only). */
export const contentIcons: Record<string, LucideIcon> = {
  activity: Activity, award: Award, code: Code, cpu: Cpu, database: Database, eye: Eye, globe: Globe, handshake: Handshake,
  'hard-drive': HardDrive, headphones: Headphones, heart: Heart, key: Key, lightbulb: Lightbulb, lock: Lock, megaphone: Megaphone,
  'memory-stick': MemoryStick, network: Network, percent: Percent, rocket: Rocket, server: Server, shield: Shield,
  'shield-check': ShieldCheck, thermometer: Thermometer, 'trending-up': TrendingUp, users: Users, zap: Zap,
};

export function contentIcon(name: string): LucideIcon {
  const icon = contentIcons[name];
  if (!icon) throw new Error(`Unknown content icon "${name}"`);
  return icon;
}
