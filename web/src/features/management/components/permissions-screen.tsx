import { useCallback, useMemo } from 'react';
import { LoadStatus } from '@/components/data-table';
import { PermissionGrid, PermissionGroupSwitches } from '@/components/permission-grid';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { shiftPermissions, stockPermissions, type Permission } from '@/config/permissions';
import { roleLabels } from '@/config/roles';
import { notify } from '@/lib/notify';
import { useServerData } from '@/lib/use-server-data';
import { grantsHeld, type User } from '@/stores/auth-store';
import type { PeopleCalls } from '../api/people';
import { usePermissionToggles } from '../use-permission-toggles';
import { BackLink } from './back-link';
import './management.css';

interface PermissionsScreenProps {
  /** The person, as the path names them (staff id or `_id`). */
  id: string;
  calls: Pick<PeopleCalls, 'find' | 'grant' | 'revoke'>;
  back: { to: string; label: string };
}

/**
 * The permission management for one person (super admin: any employee; shop admin:
 * its staff): the grid of Product, Category and Customer by Create, Read, Update and Delete.
 */
export function PermissionsScreen({ id, calls, back }: PermissionsScreenProps) {
  const { find } = calls;
  const load = useCallback(
    (signal: AbortSignal) =>
      find(id, signal).then((person) => {
        notify.success(messages.permissionsFetched);
        return person;
      }),
    [find, id],
  );
  const { state, reload, update } = useServerData<User>(load, messages.permissionsFetchFailed);
  const person = state.status === 'ready' ? state.data : null;

  return (
    <Screen
      title="Permissions"
      width="narrow"
      back={<BackLink {...back} />}
      description={
        person
          ? [person.userName, person.staffId, roleLabels[person.role]].filter(Boolean).join(' · ')
          : 'What this person may do with products, categories, customers, shifts and stock.'
      }
    >
      {person ? (
        <PersonGrid id={id} calls={calls} person={person} update={update} />
      ) : (
        <ScreenPanel>
          <LoadStatus
            state={
              state.status === 'error'
                ? { status: 'error', message: state.message, onRetry: reload }
                : { status: 'loading', label: 'Loading permissions…' }
            }
          />
        </ScreenPanel>
      )}
    </Screen>
  );
}

/** Which of the person's lists holds a grant: the server answers the shift and stock grants apart from the twelve. */
function grantList(permission: Permission): 'permissions' | 'shiftPermissions' | 'stockPermissions' {
  if (shiftPermissions.some((shift) => shift.name === permission)) return 'shiftPermissions';
  if (stockPermissions.some((stock) => stock.name === permission)) return 'stockPermissions';
  return 'permissions';
}

interface PersonGridProps {
  id: string;
  calls: Pick<PeopleCalls, 'grant' | 'revoke'>;
  person: User;
  update: (change: (person: User) => User) => void;
}

function PersonGrid({ id, calls, person, update }: PersonGridProps) {
  const { grant, revoke } = calls;
  const change = useCallback(
    (permission: Permission, granted: boolean) => (granted ? grant(id, permission) : revoke(id, permission)),
    [grant, revoke, id],
  );
  const onConfirmed = useCallback(
    (permission: Permission, held: boolean) =>
      update((current) => {
        const list = grantList(permission);
        const others = (current[list] ?? []).filter((name) => name !== permission);
        return { ...current, [list]: held ? [...others, permission] : others };
      }),
    [update],
  );
  const confirmed = useMemo(() => grantsHeld(person), [person]);
  const { shown, pending, toggle } = usePermissionToggles({ confirmed, change, onConfirmed });
  return (
    <>
      <PermissionGrid
        label={`Permissions of ${person.userName}`}
        granted={shown}
        pending={pending}
        onToggle={(permission) => void toggle(permission)}
      />
      <PermissionGroupSwitches
        title="Shifts"
        permissions={shiftPermissions}
        label={`Shift permissions of ${person.userName}`}
        granted={shown}
        pending={pending}
        onToggle={(permission) => void toggle(permission)}
      />
      <PermissionGroupSwitches
        title="Stock"
        permissions={stockPermissions}
        label={`Stock permissions of ${person.userName}`}
        granted={shown}
        pending={pending}
        onToggle={(permission) => void toggle(permission)}
      />
      <p className="management-note">Each switch is saved as soon as it is flipped.</p>
    </>
  );
}
