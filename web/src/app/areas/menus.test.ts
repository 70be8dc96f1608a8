import { describe, expect, it } from 'vitest';
import { permissionNames } from '../../config/permissions';
import { adminMenu, staffMenu, superAdminMenu, visibleMenu } from './menus';
import { routedPaths } from './routed-paths';
import { adminArea, staffArea, superAdminArea } from './areas';

const every = (menu: typeof adminMenu) => new Set(menu.map((entry) => entry.path));
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('area menus', () => {
  it('show product, category and customer entries only with the read or create permission', () => {
    const none = labels(visibleMenu(adminMenu, [], every(adminMenu)));
    expect(none).not.toContain('Products');
    expect(none).not.toContain('Add Category');
    expect(none).not.toContain('Customers');

    const some = labels(visibleMenu(adminMenu, ['product_read', 'category_create', 'customer_update'], every(adminMenu)));
    expect(some).toContain('Products');
    expect(some).not.toContain('Add Product');
    expect(some).toContain('Add Category');
    expect(some).not.toContain('Categories');
    expect(some).not.toContain('Customers');
  });

  it('always show the staff entries in the admin area', () => {
    expect(labels(visibleMenu(adminMenu, [], every(adminMenu)))).toEqual(
      expect.arrayContaining(['Staff Management', 'Add Staff', 'Dashboard']),
    );
  });

  it('give staff the cart and open orders whatever their permissions', () => {
    expect(labels(visibleMenu(staffMenu, [], every(staffMenu)))).toEqual(['Cart', 'Open Orders']);
  });

  it('give the super admin its six entries', () => {
    expect(labels(visibleMenu(superAdminMenu, [], every(superAdminMenu)))).toEqual([
      'Dashboard', 'Shops', 'Employees', 'Create Shop', 'Create Employee', 'Audit Trail',
    ]);
  });

  it('never link to a screen that is not routed yet', () => {
    const routed = new Set(['/admin', '/admin/product/view']);
    expect(labels(visibleMenu(adminMenu, ['product_read', 'customer_read'], routed))).toEqual(['Dashboard', 'Products']);
  });

  it('today link each area to its home, the management and catalogue screens it routes, named for what they show', () => {
    const shown = (area: typeof adminArea) =>
      visibleMenu(area.menu, ['product_read', 'product_create'], routedPaths(area.homePath, area.screens));
    expect(shown(adminArea).map((link) => [link.path, link.label])).toEqual([
      ['/admin', 'Dashboard'],
      ['/admin/cart', 'Cart'],
      ['/admin/open/orders', 'Open Orders'],
      ['/admin/invoices', 'Invoices'],
      ['/admin/sync/review', 'Sync Review'],
      ['/admin/custom/invoice', 'Custom Invoice'],
      ['/admin/product/view', 'Products'],
      ['/admin/add/product', 'Add Product'],
      ['/admin/upload/products/csv', 'Upload Products'],
      ['/admin/staff/view', 'Staff Management'],
      ['/admin/staff/signup', 'Add Staff'],
      ['/admin/loyalty/points', 'Loyalty Points'],
      ['/admin/receipt', 'Receipt'],
      ['/admin/audit', 'Audit Trail'],
    ]);
    expect(shown(staffArea).map((link) => [link.path, link.label])).toEqual([
      ['/staff', 'Cart'],
      ['/staff/open/orders', 'Open Orders'],
      ['/staff/product/view', 'Products'],
      ['/staff/add/product', 'Add Product'],
      ['/staff/upload/products/csv', 'Upload Products'],
    ]);
    expect(shown(superAdminArea).map((link) => [link.path, link.label])).toEqual([
      ['/super/admin', 'Dashboard'],
      ['/super/admin/shops', 'Shops'],
      ['/super/admin/staffs', 'Employees'],
      ['/super/admin/create/shop', 'Create Shop'],
      ['/super/admin/create/staff', 'Create Employee'],
      ['/super/admin/audit', 'Audit Trail'],
    ]);
  });

  it('give a staff member holding every permission each catalogue and customer screen', () => {
    const links = visibleMenu(staffArea.menu, permissionNames, routedPaths(staffArea.homePath, staffArea.screens));
    expect(labels(links)).toEqual([
      'Cart', 'Open Orders', 'Products', 'Add Product', 'Upload Products', 'Categories', 'Add Category', 'Upload Categories', 'Customers',
      'Add Customer',
    ]);
  });

  it('show the admin its staff entries and the loyalty rate even without any permission', () => {
    const links = visibleMenu(adminArea.menu, [], routedPaths(adminArea.homePath, adminArea.screens));
    expect(labels(links)).toEqual([
      'Dashboard', 'Cart', 'Open Orders', 'Invoices', 'Sync Review', 'Custom Invoice', 'Staff Management', 'Add Staff', 'Loyalty Points', 'Receipt',
      'Audit Trail',
    ]);
  });

  it('give the sync review to the admin area only: staff have neither its entry nor its route', () => {
    const adminLinks = visibleMenu(adminArea.menu, [], routedPaths(adminArea.homePath, adminArea.screens));
    expect(adminLinks.find((entry) => entry.path === '/admin/sync/review')?.label).toBe('Sync Review');
    const staffRouted = routedPaths(staffArea.homePath, staffArea.screens);
    expect(staffRouted.has('/staff/sync/review')).toBe(false);
    const staffLinks = visibleMenu(staffArea.menu, permissionNames, staffRouted);
    expect(labels(staffLinks)).not.toContain('Sync Review');
    expect(staffMenu.some((entry) => entry.path.includes('sync'))).toBe(false);
  });
});

describe('routed paths', () => {
  it('lists index and fixed paths, not parameters or splats', () => {
    const paths = routedPaths('/admin', [
      { index: true },
      { path: 'product/view' },
      { path: 'invoice/data/:id' },
      { path: '*' },
      { path: 'staff', children: [{ index: true }, { path: 'view' }] },
    ]);
    expect([...paths].sort()).toEqual(['/admin', '/admin/product/view', '/admin/staff', '/admin/staff/view']);
  });
});
