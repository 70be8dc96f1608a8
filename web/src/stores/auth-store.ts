/**
 * Who is signed in on this till (SPEC part 3, "auth"): the super administrator, the shop
 * administrator, the staff member and the shop itself. Each slice is null when signed out.
 * The server is the authority on sessions; this store only remembers what it last said.
 */
import { create } from 'zustand';

/** The shop this till is signed in to. SPEC part 3 "Shop", without its password. */
export interface ShopData {
  _id?: string;
  shopName?: string;
  email?: string;
  countryName?: string;
  currencyCode?: string;
  phoneNumber?: string;
}

/** SPEC part 3 "Admin session". */
export interface AdminData {
  userName?: string;
  permissions?: string[];
  phoneNumber?: string;
}

/** SPEC part 3 "Staff / employee". */
export interface StaffData {
  _id?: string;
  staffId?: string;
  userName?: string;
  email?: string;
  phoneNumber?: string;
  role?: 'staff' | 'admin' | 'super-admin';
  permissions?: string[];
}

/** The super administrator's session; SPEC does not show its fields beyond an employee's. */
export type SuperAdminData = StaffData;

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
}));
