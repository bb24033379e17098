import type { ReactNode } from 'react';
import { toast } from 'sonner';

/** Toast timings (docs/decisions.md 27): errors 4 s, successes 2 s; at most 20. */
export const toastDurations = { error: 4000, success: 2000 } as const;
export const maxToasts = 20;

export function notifySuccess(message: string, icon?: ReactNode): string | number {
  return toast.success(message, { duration: toastDurations.success, icon });
}

export function notifyError(message: string, icon?: ReactNode): string | number {
  return toast.error(message, { duration: toastDurations.error, icon });
}

/** A warning (a degraded server): shown as long as an error. */
export function notifyWarning(message: string, icon?: ReactNode): string | number {
  return toast.warning(message, { duration: toastDurations.error, icon });
}
