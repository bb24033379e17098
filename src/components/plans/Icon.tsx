import {
  Activity, Archive, Award, Bot, Boxes, Calculator, Check, Clock, Cloud, Code, Cpu, Database, EthernetPort, Gamepad2, Gauge,
  Globe, HardDrive, Headphones, Layers, Lock, Mail, MemoryStick, Network, Puzzle, Rocket, Save, Server, ShieldCheck, Signal,
  Sparkles, Terminal, Users, Wrench, Zap, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../lib/icon-names.ts';

const icons: Record<IconName, LucideIcon> = {
  cpu: Cpu, ram: MemoryStick, disk: HardDrive, ports: EthernetPort, backups: Save, bandwidth: Activity, network: Network,
  support: Headphones, shield: ShieldCheck, zap: Zap, server: Server, gamepad: Gamepad2, bot: Bot, globe: Globe,
  database: Database, rocket: Rocket, clock: Clock, activity: Activity, sparkles: Sparkles, award: Award, gauge: Gauge,
  boxes: Boxes, archive: Archive, layers: Layers, cloud: Cloud, puzzle: Puzzle, wrench: Wrench, users: Users, mail: Mail,
  lock: Lock, terminal: Terminal, code: Code, check: Check, signal: Signal, calculator: Calculator,
};

/** A content icon by name; decorative (the text beside it carries the meaning). */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  const Picture = icons[name];
  return <Picture aria-hidden="true" className={className} />;
}
