/**
 * The "sidebar flag" (default false): whether the area menu is open. Closed, the
 * menu is a narrow rail of icons, which leaves a tablet's width to the cart and the tables;
 * open, it also shows each entry's name. The toggle flips it.
 */
import { create } from 'zustand';

interface SidebarState {
  sidebarOpen: boolean;
}

interface SidebarActions {
  toggleSidebar: () => void;
  resetSidebar: () => void;
}

export const sidebarDefaults: SidebarState = { sidebarOpen: false };

export const useSidebarStore = create<SidebarState & SidebarActions>()((set) => ({
  ...sidebarDefaults,
  toggleSidebar: () => set((state) => ({ sidebarOpen: !state.sidebarOpen })),
  resetSidebar: () => set(sidebarDefaults),
}));
