import { describe, expect, it } from 'vitest';
import { topBarIcons } from './top-bar-icons';

const shop = { _id: 's1', shopName: 'Corner Grocery' };

describe('top bar icons', () => {
  it('on the landing page shows the super admin link and no Back', () => {
    expect(topBarIcons('/', null)).toEqual({ superAdmin: true, back: false, shop: null });
  });

  it.each(['/shop', '/shop/admin/login', '/shop/staff/login'])('on %s shows neither Back nor super admin', (path) => {
    expect(topBarIcons(path, null)).toEqual({ superAdmin: false, back: false, shop: null });
  });

  it.each([
    '/shop/login',
    '/super/admin/login',
    '/admin',
    '/admin/cart',
    '/staff',
    '/shop/admin/reset/password/send/mail',
    '/no/such/page',
  ])('on %s shows Back and no super admin link', (path) => {
    expect(topBarIcons(path, null)).toEqual({ superAdmin: false, back: true, shop: null });
  });

  it('treats a trailing slash as the same page', () => {
    expect(topBarIcons('/shop/', null).back).toBe(false);
    expect(topBarIcons('/shop/admin/login/', null).back).toBe(false);
    expect(topBarIcons('/admin/', null).back).toBe(true);
    expect(topBarIcons('//', null).superAdmin).toBe(true);
  });

  it('does not treat a longer path that starts like an exempt one as exempt', () => {
    expect(topBarIcons('/shopping', null).back).toBe(true);
    expect(topBarIcons('/shop/admin/login/extra', null).back).toBe(true);
  });

  it.each(['/', '/shop', '/admin/cart'])('on %s shows Home, the shop name and Logout when the shop has a name', (path) => {
    expect(topBarIcons(path, shop).shop).toEqual({ shopName: 'Corner Grocery' });
  });

  it('keeps the other icons unchanged when a shop is signed in', () => {
    expect(topBarIcons('/', shop)).toMatchObject({ superAdmin: true, back: false });
    expect(topBarIcons('/admin', shop)).toMatchObject({ superAdmin: false, back: true });
  });

  it.each([
    ['signed out', null],
    ['without a name', { _id: 's1' }],
    ['with a blank name', { _id: 's1', shopName: '   ' }],
  ])('hides the shop icons for a shop %s', (_label, shopData) => {
    expect(topBarIcons('/shop', shopData).shop).toBeNull();
  });
});
