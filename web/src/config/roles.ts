import type { Role } from '../stores/auth-store';

/** How each role is named on screen. */
export const roleLabels: Record<Role, string> = {
  admin: 'Shop admin',
  staff: 'Staff',
  'super-admin': 'Super admin',
};
