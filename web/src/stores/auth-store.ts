/**
 * Who is signed in on this till (SPEC part 3, "auth"): the super administrator, the shop
 * administrator, the staff member and the shop itself. Each slice is null when signed out.
 * The server is the authority on sessions; this store only remembers what it last said, and
 * forgets it on a reload (each area asks the server again on entry: features/auth).
 * Shapes: docs/api-identity.md.
 */
import { create } from 'zustand';

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
  /** SPEC part 3's permission names, e.g. "product_read"; read fresh at every session check. */
  permissions: string[];
  shopId: string | null;
  shopName: string | null;
  currencyCode: string | null;
}

export type ShopData = Shop;
/** SPEC part 3 "Admin session": a User with role admin. */
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

export const useAuthStore = create<AuthStore>()((set) => ({
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
}));
