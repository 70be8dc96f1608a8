import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() });
  return { toast };
});
vi.mock('sonner', () => sonner);

const { notify } = await import('./notify');

describe('notify', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows success toasts for 2 seconds', () => {
    notify.success('Login success');
    expect(sonner.toast.success).toHaveBeenCalledWith('Login success', { duration: 2000 });
  });

  it('hands a success toast’s id to sonner, which shows it in place of the one on screen with that id', () => {
    notify.success('Sales data fetched successfully', { id: 'sales-data' });
    expect(sonner.toast.success).toHaveBeenCalledWith('Sales data fetched successfully', { id: 'sales-data', duration: 2000 });
  });

  it('hands a success toast’s place at the top right to sonner', () => {
    notify.success('Sales data fetched successfully', { id: 'sales-data', position: 'top-right' });
    expect(sonner.toast.success).toHaveBeenCalledWith('Sales data fetched successfully', {
      id: 'sales-data', position: 'top-right', duration: 2000,
    });
  });

  it('shows error toasts for 4 seconds, one per distinct message', () => {
    notify.error('Failed to login');
    expect(sonner.toast.error).toHaveBeenCalledWith('Failed to login', { id: 'Failed to login', duration: 4000 });
  });

  it('shows plain toasts for 4 seconds', () => {
    notify.message('Saved');
    expect(sonner.toast).toHaveBeenCalledWith('Saved', { duration: 4000 });
  });

  it('keeps loading toasts until dismissed', () => {
    notify.loading('Syncing');
    expect(sonner.toast.loading).toHaveBeenCalledWith('Syncing');
  });
});
