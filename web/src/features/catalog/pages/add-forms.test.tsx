// @vitest-environment happy-dom
/** The add category, add product and custom product forms as a user meets them. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBackOffice } from '@/test/back-office-core';
import { loadCore } from '@/test/core';
import { button, click, envelope, field, press, typeInto, waitFor } from '@/test/render';
import { fieldError, link } from '@/test/screens';
import { choose, openScreen, sentTo, signIn, startServer, type Server } from '../catalog-test-support';
import { categories, cola, snacks } from '../test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openScreen>> | undefined;

async function open(path: string, firstLabel: string) {
  view = await openScreen(path);
  await waitFor(() => field(view!.container, firstLabel));
  return view.container;
}

const alertText = (container: HTMLElement) => container.querySelector('.form-alert')?.textContent;

beforeAll(() => Promise.all([loadCore(), loadBackOffice()]));
beforeEach(() => {
  server = startServer();
  server.answers['GET /api/v1/categories'] = envelope(200, { data: categories });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('add category (/admin|staff/add/category)', () => {
  it('starts in the name, checks it before sending, and sends nothing while it is wrong', async () => {
    signIn(server, 'staff', ['category_create']);
    const container = await open('/staff/add/category', 'Category name');
    expect(document.activeElement).toBe(field(container, 'Category name'));
    typeInto(field(container, 'Discount rate %'), '120');
    await click(button(container, 'Add category'));
    expect(fieldError(field(container, 'Category name'))).toBe('Category name is required');
    expect(fieldError(field(container, 'Discount rate %'))).toBe('Discount rate must be between 0 and 100');
    expect(document.activeElement).toBe(field(container, 'Category name'));
    expect(sentTo(server, 'POST /api/v1/categories')).toHaveLength(0);
  });

  it('adds it: "Category added successfully!", then an empty form for the next', async () => {
    server.answers['POST /api/v1/categories'] = envelope(201, { data: snacks });
    signIn(server, 'admin', ['category_create', 'category_read']);
    const container = await open('/admin/add/category', 'Category name');
    typeInto(field(container, 'Category name'), ' Snacks ');
    typeInto(field(container, 'Description'), 'Crisps and nuts');
    typeInto(field(container, 'Discount rate %'), '12.5');
    await click(button(container, 'Add category'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Category added successfully!'));
    expect(sentTo(server, 'POST /api/v1/categories')[0]?.body).toEqual({
      categoryName: 'Snacks', description: 'Crisps and nuts', discountRate: '12.5',
    });
    expect(field(container, 'Category name').value).toBe('');
    expect(container.querySelector('.catalog-added')?.textContent).toContain('Added the category Snacks.');
    expect(link(container, 'View categories').getAttribute('href')).toBe('/admin/category/view');
  });

  it('shows the server’s refusal as the toast and beside the button', async () => {
    server.answers['POST /api/v1/categories'] = envelope(409, { message: 'A category named "Drinks" already exists' });
    signIn(server, 'admin', ['category_create']);
    const container = await open('/admin/add/category', 'Category name');
    typeInto(field(container, 'Category name'), 'Drinks');
    await click(button(container, 'Add category'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A category named "Drinks" already exists'));
    expect(alertText(container)).toBe('A category named "Drinks" already exists');
    expect(field(container, 'Category name').value).toBe('Drinks');
  });
});

describe('add product (/admin|staff/add/product)', () => {
  function fill(container: HTMLElement) {
    typeInto(field(container, 'Product name'), 'Cola 330ml');
    typeInto(field(container, 'Barcode'), '8901234');
    choose(field(container, 'Category'), 'cat-1');
    typeInto(field(container, 'Quantity'), '24');
    typeInto(field(container, 'Cost price (MVR)'), '6');
    typeInto(field(container, 'Selling price (MVR)'), '9.50');
  }

  it('offers SPEC’s fields, with tax and loyalty for the admin only', async () => {
    signIn(server, 'staff', ['product_create', 'category_read']);
    const container = await open('/staff/add/product', 'Product name');
    const labels = [...container.querySelectorAll('form label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'Product name', 'Barcode', 'Category', 'Quantity', 'Unit', 'Reorder level', 'Cost price (MVR)', 'Cost price profit %',
      'Selling price (MVR)', 'Discount %', 'Discount type',
    ]);
    await waitFor(() => expect(field(container, 'Category').querySelectorAll('option')).toHaveLength(4));
    expect([...field(container, 'Unit').querySelectorAll('option')].map((option) => option.getAttribute('value'))).toEqual([
      'no', 'kg', 'lt', 'm',
    ]);
    expect(field(container, 'Discount type').value).toBe('percentage');
    view!.unmount();

    signIn(server, 'admin', ['product_create', 'category_read']);
    const admin = await open('/admin/add/product', 'Product name');
    field(admin, 'Product tax %');
    field(admin, 'Loyalty rate %');
  });

  it('moves on from the barcode on Enter (a scanner’s end of code) instead of sending', async () => {
    signIn(server, 'staff', ['product_create', 'category_read']);
    const container = await open('/staff/add/product', 'Product name');
    typeInto(field(container, 'Barcode'), '8901234');
    press(field(container, 'Barcode'), 'Enter');
    expect(document.activeElement).toBe(field(container, 'Category'));
    expect(fieldError(field(container, 'Product name'))).toBeNull();
    expect(sentTo(server, 'POST /api/v1/product/create')).toHaveLength(0);
  });

  it('checks every field with the server’s rules before sending', async () => {
    signIn(server, 'admin', ['product_create', 'category_read']);
    const container = await open('/admin/add/product', 'Product name');
    typeInto(field(container, 'Quantity'), '1.5');
    typeInto(field(container, 'Cost price profit %'), 'lots');
    typeInto(field(container, 'Loyalty rate %'), '101');
    await click(button(container, 'Add product'));
    expect(fieldError(field(container, 'Product name'))).toBe('Product name is required');
    expect(fieldError(field(container, 'Category'))).toBe('Choose a category');
    expect(fieldError(field(container, 'Quantity'))).toBe('Quantity must be a whole number for unit no');
    expect(fieldError(field(container, 'Cost price profit %'))).toBe('Cost price profit must be a number');
    expect(fieldError(field(container, 'Selling price (MVR)'))).toBe('Selling price or cost price must be greater than 0');
    expect(fieldError(field(container, 'Loyalty rate %'))).toBe('Loyalty rate must be between 0 and 100');
    expect(document.activeElement).toBe(field(container, 'Product name'));
    // In kilograms the same quantity is fine.
    choose(field(container, 'Unit'), 'kg');
    await click(button(container, 'Add product'));
    expect(fieldError(field(container, 'Quantity'))).toBeNull();
    expect(sentTo(server, 'POST /api/v1/product/create')).toHaveLength(0);
  });

  it('sends a staff member’s product without tax or loyalty, blank numbers as 0, and keeps the category for the next', async () => {
    server.answers['POST /api/v1/product/create'] = envelope(201, { data: cola });
    signIn(server, 'staff', ['product_create', 'product_read', 'category_read']);
    const container = await open('/staff/add/product', 'Product name');
    await waitFor(() => expect(field(container, 'Category').querySelectorAll('option')).toHaveLength(4));
    fill(container);
    await click(button(container, 'Add product'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added successfully!'));
    expect(sentTo(server, 'POST /api/v1/product/create')[0]?.body).toEqual({
      productName: 'Cola 330ml', barcodeNumber: '8901234', category: 'cat-1', quantity: '24', unit: 'no', costPrice: '6',
      costPriceProfit: '0', sellingPrice: '9.50', discount: '0', discountType: 'percentage',
    });
    expect(container.querySelector('.catalog-added')?.textContent).toContain('Added Cola 330ml as P-000001.');
    expect(field(container, 'Product name').value).toBe('');
    expect(field(container, 'Category').value).toBe('cat-1');
    expect(document.activeElement).toBe(field(container, 'Product name'));
  });

  it('sends an admin’s tax and loyalty, a flat discount, and shows the server’s 400 message', async () => {
    server.answers['POST /api/v1/product/create'] = envelope(400, { message: 'Category not found in this shop' });
    signIn(server, 'admin', ['product_create', 'category_read']);
    const container = await open('/admin/add/product', 'Product name');
    await waitFor(() => expect(field(container, 'Category').querySelectorAll('option')).toHaveLength(4));
    fill(container);
    choose(field(container, 'Discount type'), 'flat');
    typeInto(field(container, 'Discount (MVR)'), '1.25');
    typeInto(field(container, 'Product tax %'), '8');
    typeInto(field(container, 'Loyalty rate %'), '1.5');
    await click(button(container, 'Add product'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Category not found in this shop'));
    expect(sentTo(server, 'POST /api/v1/product/create')[0]?.body).toMatchObject({
      discount: '1.25', discountType: 'flat', productTax: '8', loyaltyRate: '1.5',
    });
    expect(alertText(container)).toBe('Category not found in this shop');
    expect(field(container, 'Product name').value).toBe('Cola 330ml');
  });

  it('checks the reorder level in the chosen unit with core’s messages, and sends nothing while it is wrong', async () => {
    signIn(server, 'admin', ['product_create', 'category_read']);
    const container = await open('/admin/add/product', 'Product name');
    await waitFor(() => expect(field(container, 'Category').querySelectorAll('option')).toHaveLength(4));
    fill(container);
    typeInto(field(container, 'Reorder level'), ' 2.5 ');
    await click(button(container, 'Add product'));
    expect(fieldError(field(container, 'Reorder level'))).toBe('Reorder level must be a whole number for unit no');
    expect(document.activeElement).toBe(field(container, 'Reorder level'));
    typeInto(field(container, 'Reorder level'), '-1');
    await click(button(container, 'Add product'));
    expect(fieldError(field(container, 'Reorder level'))).toBe('Reorder level cannot be negative');
    expect(sentTo(server, 'POST /api/v1/product/create')).toHaveLength(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('sends a reorder level in the product’s unit when one is typed, and shows the server’s refusal of it', async () => {
    server.answers['POST /api/v1/product/create'] = envelope(400, { message: 'Category not found in this shop' });
    signIn(server, 'admin', ['product_create', 'category_read']);
    const container = await open('/admin/add/product', 'Product name');
    await waitFor(() => expect(field(container, 'Category').querySelectorAll('option')).toHaveLength(4));
    fill(container);
    choose(field(container, 'Unit'), 'kg');
    typeInto(field(container, 'Reorder level'), ' 2.5 ');
    await click(button(container, 'Add product'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Category not found in this shop'));
    expect(fieldError(field(container, 'Reorder level'))).toBeNull();
    expect(sentTo(server, 'POST /api/v1/product/create')[0]?.body).toMatchObject({ quantity: '24', unit: 'kg', reorderLevel: '2.5' });
    expect(alertText(container)).toBe('Category not found in this shop');
    expect(field(container, 'Reorder level').value).toBe(' 2.5 ');
  });

  it('says why there is no category to choose', async () => {
    signIn(server, 'staff', ['product_create']);
    const container = await open('/staff/add/product', 'Product name');
    expect(container.textContent).toContain('Choosing a category needs the Category read permission');
    expect(sentTo(server, 'GET /api/v1/categories')).toHaveLength(0);
  });
});

describe('add custom product (/admin|staff/add/custom/product)', () => {
  it('needs a name, a quantity and a price above 0', async () => {
    signIn(server, 'staff', ['product_create']);
    const container = await open('/staff/add/custom/product', 'Product name');
    expect(document.activeElement).toBe(field(container, 'Product name'));
    typeInto(field(container, 'Quantity'), '0');
    await click(button(container, 'Add custom product'));
    expect(fieldError(field(container, 'Product name'))).toBe('Product name is required');
    expect(fieldError(field(container, 'Quantity'))).toBe('Quantity must be greater than 0');
    expect(fieldError(field(container, 'Selling price (MVR)'))).toBe('Selling price is required');
    expect(sentTo(server, 'POST /api/v1/custom-product/create')).toHaveLength(0);
  });

  it('adds it: "Custom product added successfully"', async () => {
    server.answers['POST /api/v1/custom-product/create'] = envelope(201, {
      data: { _id: 'prod-9', product_id: 'P-000009', productName: 'Gift wrap', quantity: 1.5, unit: 'm', sellingPrice: 15, customProduct: true },
    });
    signIn(server, 'admin', []);
    const container = await open('/admin/add/custom/product', 'Product name');
    typeInto(field(container, 'Product name'), 'Gift wrap');
    typeInto(field(container, 'Quantity'), '1.5');
    choose(field(container, 'Unit'), 'm');
    typeInto(field(container, 'Selling price (MVR)'), '15');
    await click(button(container, 'Add custom product'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Custom product added successfully'));
    expect(sentTo(server, 'POST /api/v1/custom-product/create')[0]?.body).toEqual({
      productName: 'Gift wrap', quantity: '1.5', unit: 'm', sellingPrice: '15',
    });
    expect(container.querySelector('.catalog-added')?.textContent).toContain('Gift wrap (P-000009)');
    expect(field(container, 'Product name').value).toBe('');
  });

  it('falls back to "Failed to add custom product!"', async () => {
    server.answers['POST /api/v1/custom-product/create'] = envelope(500, '');
    signIn(server, 'staff', ['product_create']);
    const container = await open('/staff/add/custom/product', 'Product name');
    typeInto(field(container, 'Product name'), 'Gift wrap');
    typeInto(field(container, 'Quantity'), '1');
    typeInto(field(container, 'Selling price (MVR)'), '15');
    await click(button(container, 'Add custom product'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add custom product!'));
  });
});
