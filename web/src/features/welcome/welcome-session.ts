import { useAuthStore } from '../../stores/auth-store';

/**
 * Opening the welcome page signs the admin and the staff member out of this
 * till, so the next person starts from a clean login. The shop sign-in is kept.
 */
export function onWelcomePageOpened(): void {
  useAuthStore.getState().clearAdminAndStaff();
}
