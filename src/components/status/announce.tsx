import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { ServerStatus } from '../../../contracts/status-rules.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';

/** The change toast (docs/decisions.md 28): "{name} is now {status}", with a green, yellow or red icon. */
export function announce(name: string, status: ServerStatus): void {
  const message = `${name} is now ${status}`;
  if (status === 'operational') notifySuccess(message, <CheckCircle2 className="size-5 text-emerald-400" aria-hidden="true" />);
  else if (status === 'degraded') notifyWarning(message, <AlertTriangle className="size-5 text-amber-400" aria-hidden="true" />);
  else notifyError(message, <XCircle className="size-5 text-red-500" aria-hidden="true" />);
}
