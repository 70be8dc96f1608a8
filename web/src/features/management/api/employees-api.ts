/**
 * The super admin's employee calls (docs/api-management.md, "Super admin"): the
 * people of any shop, their permissions and passwords.
 */
import { api, apiRequest } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { Permission } from '@/config/permissions';
import { grantsHeld, type User } from '@/stores/auth-store';
import { personPath, type PeopleCalls, type PersonChanges } from './people';

export type EmployeeRole = 'staff' | 'admin';

export interface NewEmployee {
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
  /** The form carries it alongside the employee fields; the server ignores it. */
  confirmPassword: string;
  shopId: string;
  role: EmployeeRole;
}

export const listEmployees = (shopId: string, signal?: AbortSignal) =>
  api.getAll<User>(`/super-admin/employees?shop=${encodeURIComponent(shopId)}`, {
    fallbackMessage: messages.staffLoadFailed,
    signal,
  });

/** Answers with the new person, their staff id included. */
export const createEmployee = (employee: NewEmployee) =>
  api.post<User>('/super-admin/employees', employee, { fallbackMessage: messages.staffCreateFailed });

export const updateEmployee = (id: string, changes: PersonChanges) =>
  api.put<User>(`/super-admin/employees/${personPath(id)}`, changes, { fallbackMessage: messages.staffUpdateFailed });

export const deleteEmployee = (id: string) =>
  api.delete<null>(`/super-admin/employee/${personPath(id)}/delete`, { fallbackMessage: messages.staffDeleteFailed });

export const resetEmployeePassword = (id: string, body: { password: string }) =>
  api.patch<null>(`/super-admin/employees/${personPath(id)}/password`, body, {
    fallbackMessage: messages.passwordResetFailed,
  });

export const findEmployee = (id: string, signal?: AbortSignal) =>
  api.get<User>(`/super-admin/staff/${personPath(id)}`, { fallbackMessage: messages.permissionsFetchFailed, signal });

function changeEmployeePermission(method: 'PATCH' | 'DELETE', id: string, permission: Permission) {
  return apiRequest<Pick<User, 'permissions' | 'shiftPermissions' | 'stockPermissions'>>(method, `/super-admin/staff/${personPath(id)}/permissions`, {
    body: { permission },
    fallbackMessage: messages.permissionUpdateFailed,
  }).then(grantsHeld);
}

export const grantEmployeePermission = (id: string, permission: Permission) =>
  changeEmployeePermission('PATCH', id, permission);

export const revokeEmployeePermission = (id: string, permission: Permission) =>
  changeEmployeePermission('DELETE', id, permission);

/** The super admin's side of the shared staff screens. */
export const employeeCalls: PeopleCalls = {
  update: updateEmployee,
  remove: deleteEmployee,
  find: findEmployee,
  grant: grantEmployeePermission,
  revoke: revokeEmployeePermission,
  resetPassword: (id, password) => resetEmployeePassword(id, { password }),
};
