import { Cpu, HardDrive, MemoryStick } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatBytes } from '../../lib/panel-format.ts';
import type { ServerDetails, ServerResources } from './panel-api.ts';
import { cardVariants } from '../ui/card-variants.ts';

const mib = 1024 * 1024;
/**
 * Made on the first card's render, not as the module loads: it loads with the panel, before any
 * server is shown, and the first Intl formatter a page makes costs it tens of milliseconds of one
 * task (docs/decisions.md 177).
 */
let formats: { oneDecimal: Intl.NumberFormat; whole: Intl.NumberFormat } | undefined;
const numberFormats = () =>
  (formats ??= {
    oneDecimal: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
    whole: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
  });

interface CardProps {
  title: string;
  icon: ReactNode;
  value: string;
  limit: string;
  /** 0 to 1. */
  fraction: number;
}

function UsageCard({ title, icon, value, limit, fraction }: CardProps) {
  const percent = Math.max(0, Math.min(100, fraction * 100));
  const bar = percent >= 90 ? 'bg-red-500' : percent >= 70 ? 'bg-yellow-400' : 'bg-gradient-to-r from-brand-500 to-accent-400';
  return (
    <div className={cardVariants({ className: 'min-w-0 p-3 sm:p-5' })}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="min-h-8 text-xs leading-4 font-medium text-slate-300 sm:min-h-0 sm:text-sm sm:leading-5">{title}</h3>
        <span className="hidden text-slate-400 sm:block">{icon}</span>
      </div>
      <p className="mt-2 text-lg font-bold whitespace-nowrap text-white tabular-nums sm:mt-3 sm:text-2xl">{value}</p>
      <p className="truncate text-[11px] text-slate-400 sm:text-xs">{limit}</p>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/10 sm:mt-4 sm:h-2"
      >
        <div className={`h-full rounded-full transition-[width] duration-500 ${bar}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** CPU Usage (percent), Memory Usage and Disk Usage (bytes, in the panel's one unit rule: formatBytes), each with a bar against its limit. */
export function ResourceCards({ server, resources }: { server: ServerDetails; resources: ServerResources | undefined }) {
  const cpu = resources?.cpu.current ?? 0;
  const cpuLimit = resources?.cpu.limit ?? server.limits.cpu;
  const memory = resources?.memory.current ?? 0;
  const memoryLimit = resources?.memory.limit ?? server.limits.memory * mib;
  const disk = resources?.disk.current ?? 0;
  const diskLimit = resources?.disk.limit ?? server.limits.disk * mib;
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <UsageCard
        title="CPU Usage"
        icon={<Cpu aria-hidden className="size-5" />}
        value={`${numberFormats().oneDecimal.format(cpu)}%`}
        limit={cpuLimit > 0 ? `of ${numberFormats().whole.format(cpuLimit)}%` : 'no limit'}
        fraction={cpu / (cpuLimit > 0 ? cpuLimit : 100)}
      />
      <UsageCard
        title="Memory Usage"
        icon={<MemoryStick aria-hidden className="size-5" />}
        value={formatBytes(memory)}
        limit={memoryLimit > 0 ? `of ${formatBytes(memoryLimit)}` : 'no limit'}
        fraction={memoryLimit > 0 ? memory / memoryLimit : 0}
      />
      <UsageCard
        title="Disk Usage"
        icon={<HardDrive aria-hidden className="size-5" />}
        value={formatBytes(disk)}
        limit={diskLimit > 0 ? `of ${formatBytes(diskLimit)}` : 'no limit'}
        fraction={diskLimit > 0 ? disk / diskLimit : 0}
      />
    </div>
  );
}
