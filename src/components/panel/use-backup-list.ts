import { useRef } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { panelApi } from './panel-api.ts';
import { usePolledList } from './use-polled-list.ts';

const texts = panelTexts.backups;
/** While a backup is being made or restored, the list is read again this often. */
const pollMs = 2000;

/**
 * The server's backups, polled while one is being made or restored; what finished since the last
 * look is passed to `announce`. The panel marks the backups it made (`createdHere`) and the restore
 * it started (`restoreAwaited`) so they are announced even when done before the first look.
 */
export function useBackupList(announce: (message: string) => void) {
  /** A restore was started here: the next list without it running ends it (a small folder is restored before the first look). */
  const restoreAwaited = useRef(false);
  /** Backups this page started, announced once they are ready or failed. */
  const createdHere = useRef(new Set<string>());

  const polled = usePolledList({
    read: () => panelApi.listBackups(),
    busyOf: (l) => l.restoring || l.backups.some((b) => b.state === 'creating'),
    pollMs,
    // Say what finished since the last look.
    observe: (next, before) => {
      for (const backup of next.backups) {
        // Made here (it may be complete by the first look), or seen being made.
        const watched = createdHere.current.has(backup.id) || before?.backups.find((b) => b.id === backup.id)?.state === 'creating';
        if (!watched || backup.state === 'creating') continue;
        createdHere.current.delete(backup.id);
        announce(backup.state === 'ready' ? texts.ready(backup.name) : texts.failedNow(backup.name));
      }
      // A restore this page started (or saw running) is over: say how it went.
      if ((restoreAwaited.current || before?.restoring) && !next.restoring) {
        restoreAwaited.current = false;
        announce(next.restoreFailure ?? texts.restoreDone);
      }
    },
  });
  return { ...polled, restoreAwaited, createdHere };
}
