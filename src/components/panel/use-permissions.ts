import { useEffect, useState } from 'react';
import { panelApi, type ServerPermissions } from './panel-api.ts';

/**
 * What the session's key may do on its server, read once per connection: the page hides what
 * it may not. Until known (or if it cannot be read), nothing beyond the console is offered;
 * the server checks every call anyway.
 */
export function usePermissions(serverId: string): ServerPermissions | undefined {
  const [permissions, setPermissions] = useState<ServerPermissions>();
  // biome-ignore lint/correctness/useExhaustiveDependencies(serverId): a connection to another server is the trigger to read them again.
  useEffect(() => {
    let cancelled = false;
    setPermissions(undefined);
    panelApi.permissions().then(
      (answer) => !cancelled && setPermissions(answer),
      (error: unknown) => console.error('Failed to read the permissions', error),
    );
    return () => {
      cancelled = true;
    };
  }, [serverId]);
  return permissions;
}
