/**
 * What the super admin's employee calls and the shop admin's staff calls share: a person's
 * editable fields, and the one interface both areas' screens (the staff table, the permission
 * grid, the password reset) call through, so one screen serves both areas.
 */
import type { Permission } from '@/config/permissions';
import type { User } from '@/stores/auth-store';

/** What the staff tables edit in place (name, email, mobile). */
export type PersonChanges = Pick<User, 'userName' | 'email' | 'phoneNumber'>;

/**
 * A person is named in paths by their `_id` or their staff id; the server accepts either
 * (docs/api-management.md). The screens use the staff id, which people can read.
 */
export const personKey = (person: Pick<User, '_id' | 'staffId'>) => person.staffId ?? person._id;

export interface PeopleCalls {
  update: (id: string, changes: PersonChanges) => Promise<User>;
  remove: (id: string) => Promise<null>;
  /** The person, with the permissions they hold. */
  find: (id: string, signal?: AbortSignal) => Promise<User>;
  /** Both answer with the person's permissions after the change. */
  grant: (id: string, permission: Permission) => Promise<string[]>;
  revoke: (id: string, permission: Permission) => Promise<string[]>;
  resetPassword: (id: string, password: string) => Promise<null>;
}

export const personPath = (id: string) => encodeURIComponent(id);
