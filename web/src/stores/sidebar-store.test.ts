import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientStores } from './client-stores';
import { sidebarDefaults, useSidebarStore } from './sidebar-store';

describe('sidebar flag', () => {
  beforeEach(() => useSidebarStore.setState(sidebarDefaults));

  it('starts closed', () => {
    expect(useSidebarStore.getState().sidebarOpen).toBe(false);
  });

  it('flips on each toggle', () => {
    const { toggleSidebar } = useSidebarStore.getState();
    toggleSidebar();
    expect(useSidebarStore.getState().sidebarOpen).toBe(true);
    toggleSidebar();
    expect(useSidebarStore.getState().sidebarOpen).toBe(false);
  });

  it('is closed again after the client stores are reset at logout', () => {
    useSidebarStore.getState().toggleSidebar();
    resetClientStores();
    expect(useSidebarStore.getState().sidebarOpen).toBe(false);
  });
});
