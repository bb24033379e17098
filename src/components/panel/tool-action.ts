import { messageOf } from '../../lib/api-client.ts';

/**
 * A panel tool's action on one item (delete, lock, run…): its message on success, the server's
 * message on failure, both for the tool's status line; then the tool reads its list again.
 */
export async function runToolAction(action: () => Promise<string | undefined>, report: (message: string) => void, reload: () => Promise<void>): Promise<void> {
  try {
    const done = await action();
    if (done !== undefined) report(done);
  } catch (error) {
    report(messageOf(error));
  }
  await reload();
}
