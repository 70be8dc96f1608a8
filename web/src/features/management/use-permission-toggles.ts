import { useCallback, useMemo, useState } from 'react';
import { messages } from '../../config/messages';
import type { Permission } from '../../config/permissions';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

interface PermissionToggleOptions {
  /** What the server last said the person holds. */
  confirmed: readonly string[];
  /** Grants (true) or revokes (false); resolves with the person's permissions afterwards. */
  change: (permission: Permission, grant: boolean) => Promise<string[]>;
  /** Records what the server confirmed about one permission (the caller updates its copy). */
  onConfirmed: (permission: Permission, held: boolean) => void;
}

/**
 * The permission toggle: a granted permission is revoked, any other granted, and the
 * grid shows the change at once. The change is shown while its request runs; the server's
 * answer confirms it ("Permission updated"), a failure puts it back and says why. Each answer
 * settles only the permission it was about, so answers arriving out of order cannot undo a
 * neighbour's change.
 */
export function usePermissionToggles({ confirmed, change, onConfirmed }: PermissionToggleOptions) {
  const [pending, setPending] = useState<ReadonlyMap<Permission, boolean>>(new Map());

  const shown = useMemo(() => {
    const held = new Set<string>(confirmed);
    for (const [permission, granted] of pending) {
      if (granted) held.add(permission);
      else held.delete(permission);
    }
    return held;
  }, [confirmed, pending]);

  const toggle = useCallback(
    async (permission: Permission) => {
      if (pending.has(permission)) return;
      const grant = !shown.has(permission);
      setPending((current) => new Map(current).set(permission, grant));
      try {
        const answer = await change(permission, grant);
        onConfirmed(permission, answer.includes(permission));
        notify.success(messages.permissionUpdated);
      } catch (error) {
        notify.error(errorMessage(error, messages.permissionUpdateFailed));
      } finally {
        setPending((current) => {
          const next = new Map(current);
          next.delete(permission);
          return next;
        });
      }
    },
    [change, onConfirmed, pending, shown],
  );

  const waiting = useMemo(() => new Set<string>(pending.keys()), [pending]);
  return { shown, pending: waiting, toggle };
}
