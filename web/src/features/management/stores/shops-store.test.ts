import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { selectedShopDefaults, useSelectedShopStore } from '@/stores/selected-shop-store';
import { cornerGrocery, rootSuperAdmin } from '@/test/identity-fixtures';
import { stubServer } from '@/test/stub-server';
import { useShopsStore } from './shops-store';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const harbour = { ...cornerGrocery, _id: 'shop-2', shopName: 'Harbour Bakery' };
const envelope = (status: number, body: object) => new Response(JSON.stringify(body), { status });
let server: ReturnType<typeof stubServer>;

beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useShopsStore.getState().reset();
  useSelectedShopStore.setState(selectedShopDefaults);
  useAuthStore.setState({ ...signedOut, superAdminData: rootSuperAdmin });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the super admin’s shops', () => {
  it('loads once for callers asking together, and picks the first shop when none is selected', async () => {
    server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { success: true, data: [cornerGrocery, harbour] });
    const { load } = useShopsStore.getState();
    const first = load();
    expect(useShopsStore.getState().status).toBe('loading');
    await Promise.all([first, load()]);
    expect(server.fetchMock).toHaveBeenCalledOnce();
    expect(useShopsStore.getState()).toMatchObject({ status: 'ready', shops: [cornerGrocery, harbour], error: null });
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-1');
  });

  it('keeps a selection that is still in the list, and replaces one that is gone', async () => {
    server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { success: true, data: [cornerGrocery, harbour] });
    useSelectedShopStore.getState().setSelectedShopId('shop-2');
    await useShopsStore.getState().load();
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-2');
    useSelectedShopStore.getState().setSelectedShopId('shop-gone');
    await useShopsStore.getState().load();
    expect(useSelectedShopStore.getState().selectedShopId).toBe('shop-1');
  });

  it('keeps the list on screen while it refreshes', async () => {
    server.answers['GET /api/v1/super-admin/shops'] = envelope(200, { success: true, data: [cornerGrocery] });
    await useShopsStore.getState().load();
    const refresh = useShopsStore.getState().load();
    expect(useShopsStore.getState()).toMatchObject({ status: 'ready', shops: [cornerGrocery] });
    await refresh;
  });

  it('toasts a failure once and keeps its message', async () => {
    server.answers['GET /api/v1/super-admin/shops'] = envelope(500, { success: false, message: 'Database unavailable' });
    await Promise.all([useShopsStore.getState().load(), useShopsStore.getState().load()]);
    expect(useShopsStore.getState()).toMatchObject({ status: 'error', error: 'Database unavailable' });
    expect(notify.error).toHaveBeenCalledOnce();
    expect(notify.error).toHaveBeenCalledWith('Database unavailable');
  });

  it('adds a created shop and replaces an updated one', () => {
    const { upsert } = useShopsStore.getState();
    upsert(cornerGrocery);
    upsert(harbour);
    upsert({ ...cornerGrocery, shopName: 'Corner Mart' });
    expect(useShopsStore.getState().shops.map((shop) => shop.shopName)).toEqual(['Corner Mart', 'Harbour Bakery']);
  });

  it('forgets the list when the super admin signs out, even one still arriving', async () => {
    const late = server.deferred(envelope(200, { success: true, data: [cornerGrocery] }));
    server.answers['GET /api/v1/super-admin/shops'] = late.answer;
    const loading = useShopsStore.getState().load();
    useAuthStore.getState().clearSuperAdmin();
    late.release();
    await loading;
    expect(useShopsStore.getState()).toMatchObject({ status: 'idle', shops: [] });
  });
});
