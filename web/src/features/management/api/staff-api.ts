/**
 * The shop admin's staff calls (docs/api-management.md, "Shop admin"): always the admin's own shop.
 */
import { api, apiRequest } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Permission } from '@/config/permissions';
import { grantsHeld, type User } from '@/stores/auth-store';
import { personPath, type PeopleCalls, type PersonChanges } from './people';

export interface NewStaff {
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export const listStaff = (signal?: AbortSignal) =>
  api.getAll<User>('/admin/staff/list', { fallbackMessage: messages.staffLoadFailed, signal });

/** Answers with the new staff member (role staff), their staff id included. */
export const createStaff = (staff: NewStaff) =>
  api.post<User>('/admin/create-employee', staff, { fallbackMessage: messages.staffSignupFailed });

export const updateStaff = (id: string, changes: PersonChanges) =>
  api.put<User>(`/admin/staff/${personPath(id)}`, changes, { fallbackMessage: messages.staffUpdateFailed });

export const deleteStaff = (id: string) =>
  api.delete<null>(`/admin/staff/${personPath(id)}`, { fallbackMessage: messages.staffDeleteFailed });

/** The shop is the admin's own; the server refuses any other. */
export const findStaff = (id: string, shopId: string, signal?: AbortSignal) =>
  api.get<User>(`/admin/staff/${personPath(id)}/${encodeURIComponent(shopId)}`, {
    fallbackMessage: messages.permissionsFetchFailed,
    signal,
  });

function changeStaffPermission(method: 'PATCH' | 'DELETE', id: string, permission: Permission) {
  return apiRequest<Pick<User, 'permissions' | 'shiftPermissions' | 'stockPermissions'>>(method, `/admin/staff/${personPath(id)}/permissions`, {
    body: { permission },
    fallbackMessage: messages.permissionUpdateFailed,
  }).then(grantsHeld);
}

export const grantStaffPermission = (id: string, permission: Permission) => changeStaffPermission('PATCH', id, permission);

export const revokeStaffPermission = (id: string, permission: Permission) =>
  changeStaffPermission('DELETE', id, permission);

export const resetStaffPassword = (staffId: string, body: { password: string }) =>
  api.patch<null>(`/admin/staff/${personPath(staffId)}/password`, body, { fallbackMessage: messages.passwordResetFailed });

/** The shop admin's side of the shared staff screens, for the admin's shop. */
export function staffCalls(shopId: string): PeopleCalls {
  return {
    update: updateStaff,
    remove: deleteStaff,
    find: (id, signal) => findStaff(id, shopId, signal),
    grant: grantStaffPermission,
    revoke: revokeStaffPermission,
    resetPassword: (id, password) => resetStaffPassword(id, { password }),
  };
}
