/**
 * Who is signed in on this till: the super administrator, the shop
 * administrator, the staff member and the shop itself. Each slice is null when signed out.
 * The server is the authority on sessions; this store only remembers what it last said (each
 * area asks the server again on entry: features/auth).
 *
 * What it remembers is kept in localStorage (a signed-in till survives an offline
 * reload): after a reload with no network the areas still know who is signed in and the
 * till keeps selling; the session guard signs out only when the server itself says the session is
 * gone. Only the four session slices are stored (no secret: the session is an httpOnly cookie), and
 * other tabs follow a sign-in or sign-out through the `storage` event.
 * Shapes: docs/api-identity.md.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { deviceStorage } from './device-storage';

/** The shop this till is signed in to (`GET /shop/check-login`). */
export interface Shop {
  _id: string;
  shopName: string;
  email: string;
  phoneNumber: string;
  countryName: string;
  currencyCode: string;
  timeZone: string;
}

export type Role = 'admin' | 'staff' | 'super-admin';

/** An admin, a staff member or the super admin. A super admin has no shop and no permissions. */
export interface User {
  _id: string;
  staffId: string | null;
  userName: string;
  email: string;
  phoneNumber: string;
  role: Role;
  /** The permission names, e.g. "product_read"; read fresh at every session check. */
  permissions: string[];
  /** The shift grants held ("shift_open_close", "cash_movement", "shift_read_all"); absent from older answers. */
  shiftPermissions?: string[];
  /** The stock grants held ("stock_receive", "stock_count", "stock_adjust", "stock_report"); [] when an answer has none. */
  stockPermissions?: string[];
  shopId: string | null;
  shopName: string | null;
  currencyCode: string | null;
}

/** Every grant the person holds: the twelve, the shift grants and the stock grants, in one list. */
export const grantsHeld = (user: Pick<User, 'permissions' | 'shiftPermissions' | 'stockPermissions'> | null | undefined): string[] => [
  ...(user?.permissions ?? []),
  ...(user?.shiftPermissions ?? []),
  ...(user?.stockPermissions ?? []),
];

/** A person as the server answered them, with no stock grants when the answer names none (a server before them). */
export const withStockGrants = <U extends User>(user: U): U => ({ ...user, stockPermissions: user.stockPermissions ?? [] });

export type ShopData = Shop;
/** The admin session: a User with role admin. */
export type AdminData = User;
export type StaffData = User;
export type SuperAdminData = User;

interface AuthState {
  superAdminData: SuperAdminData | null;
  adminData: AdminData | null;
  staffData: StaffData | null;
  shopData: ShopData | null;
}

interface AuthActions {
  setSuperAdmin: (data: SuperAdminData) => void;
  clearSuperAdmin: () => void;
  setAdmin: (data: AdminData) => void;
  clearAdmin: () => void;
  setStaff: (data: StaffData) => void;
  clearStaff: () => void;
  setShop: (data: ShopData) => void;
  clearShop: () => void;
  /** Signs the till's people out (admin and staff) while the till stays signed in to its shop. */
  clearAdminAndStaff: () => void;
  /** Everyone signed out, the super admin included. */
  clearAll: () => void;
}

export type AuthStore = AuthState & AuthActions;

export const signedOut: AuthState = {
  superAdminData: null,
  adminData: null,
  staffData: null,
  shopData: null,
};

/** The localStorage key of the remembered sessions. */
export const AUTH_STORAGE_KEY = 'tillwise-auth';

export const useAuthStore = create<AuthStore>()(
  persist(
    (set) => ({
      ...signedOut,
      setSuperAdmin: (superAdminData) => set({ superAdminData }),
      clearSuperAdmin: () => set({ superAdminData: null }),
      setAdmin: (adminData) => set({ adminData }),
      clearAdmin: () => set({ adminData: null }),
      setStaff: (staffData) => set({ staffData }),
      clearStaff: () => set({ staffData: null }),
      setShop: (shopData) => set({ shopData }),
      clearShop: () => set({ shopData: null }),
      clearAdminAndStaff: () => set({ adminData: null, staffData: null }),
      clearAll: () => set(signedOut),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 1,
      storage: deviceStorage,
      partialize: ({ superAdminData, adminData, staffData, shopData }): AuthState => ({ superAdminData, adminData, staffData, shopData }),
      // Stored data from another version of the app, or edited by hand, is not trusted.
      merge: (stored, current) => ({ ...current, ...rememberedSessions(stored) }),
    },
  ),
);

/** The slices of a stored value that look like sessions (an object with an `_id`); others stay signed out. */
function rememberedSessions(stored: unknown): AuthState {
  const record = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const session = <T>(value: unknown): T | null =>
    value !== null && typeof value === 'object' && typeof (value as { _id?: unknown })._id === 'string' ? (value as T) : null;
  return {
    superAdminData: session<SuperAdminData>(record.superAdminData),
    adminData: session<AdminData>(record.adminData),
    staffData: session<StaffData>(record.staffData),
    shopData: session<ShopData>(record.shopData),
  };
}

// Another tab signed in or out: follow it, so two tabs never disagree on who is at the till.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) void useAuthStore.persist.rehydrate();
  });
}
