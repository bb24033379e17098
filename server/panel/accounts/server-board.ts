import type { StatusReport } from '../../../contracts/status.ts';
import type { MyServer } from '../../../contracts/my-servers.ts';

/**
 * The status board's word on a server's location (docs/decisions.md 82): the monitor whose id
 * or name is the location (case aside), its shown status, and the open incidents and the
 * maintenance (scheduled or in progress) that name it.
 */
export function boardNoteFor(report: StatusReport | undefined, location: string | null): MyServer['board'] {
  if (!report || !location) return null;
  const wanted = location.trim().toLowerCase();
  const monitor = report.servers.find((m) => m.id.toLowerCase() === wanted || m.name.toLowerCase() === wanted);
  if (!monitor) return null;
  return {
    monitor: monitor.name,
    status: monitor.status,
    notices: [
      ...report.incidents.filter((i) => i.monitorIds.includes(monitor.id)).map((i) => ({ kind: 'incident' as const, title: i.title, id: i.id })),
      ...report.maintenance.filter((m) => m.monitorIds.includes(monitor.id)).map((m) => ({ kind: 'maintenance' as const, title: m.title, id: m.id })),
    ],
  };
}

const size = (mib: number) => (mib >= 1024 ? `${Number((mib / 1024).toFixed(1))} GB` : `${mib} MB`);

/** The plan as the engine limits it: "4 GB memory · 20 GB disk · 200% CPU" (0 is unlimited). */
export function planText(limits: { memory: number; disk: number; cpu: number }): string {
  return [
    limits.memory ? `${size(limits.memory)} memory` : 'unlimited memory',
    limits.disk ? `${size(limits.disk)} disk` : 'unlimited disk',
    limits.cpu ? `${limits.cpu}% CPU` : 'unlimited CPU',
  ].join(' · ');
}
