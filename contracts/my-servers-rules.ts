/**
 * "My servers" rules the browser shares with the server (docs/decisions.md 80-82): the grants an
 * owner gives, and what each state the engine reports means for the customer.
 */

export const grantNames = ['console', 'power', 'files', 'backups', 'schedules'] as const;
export type GrantName = (typeof grantNames)[number];

/** The grants as the sharing form names them. */
export const grantLabels: Record<GrantName, string> = {
  console: 'Console (see it and send commands)',
  power: 'Power (start, stop, restart)',
  files: 'Files',
  backups: 'Backups',
  schedules: 'Schedules',
};

/** States in which the server cannot be started or stopped, as the engine reports them. */
export const blockingStatuses = ['installing', 'install_failed', 'reinstall_failed', 'suspended', 'transferring', 'restoring_backup'] as const;

/** One sentence saying what the engine's state means; null for a server that runs normally. */
export function statusSentence(status: string | null): string | null {
  switch (status) {
    case null:
      return null;
    case 'installing':
      return 'This server is being installed. It can be started once the installation has finished, usually within a few minutes.';
    case 'install_failed':
    case 'reinstall_failed':
      return 'The installation of this server failed. Our team has to look at it: please contact support.';
    case 'suspended':
      return 'This server is suspended, usually because an invoice is unpaid. Pay it in the billing portal and the server can be started again.';
    case 'transferring':
      return 'This server is being moved to another machine. It can be started again once the move has finished.';
    case 'restoring_backup':
      return 'This server is being restored from a backup. It can be started again once the restore has finished.';
    default:
      return 'This server cannot be started or stopped right now.';
  }
}

export const maxShareEmailLength = 320;
