// @vitest-environment happy-dom
/** The products screen (/admin|staff/product/view, /staff/view/product) as a user meets it. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBackOffice } from '@/test/back-office-core';
import { loadCore } from '@/test/core';
import { button, click, envelope, press, typeInto, waitFor } from '@/test/render';
import { cellInput, fieldError, link, openDialog, row, rows } from '@/test/screens';
import { openScreen, sentTo, signIn, startServer, type Server } from '../catalog-test-support';
import { categories, cola, products, rice } from '../test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openScreen>> | undefined;
const everything = ['product_read', 'product_create', 'product_update', 'product_delete', 'category_read'];

async function open(path: string) {
  view = await openScreen(path);
  await waitFor(() => expect(rows(view!.container)).toHaveLength(3));
  return view.container;
}

const headers = (container: HTMLElement) =>
  [...container.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/\s/g, ' '));
const inputsOf = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody input, tbody select')].map((input) => input.getAttribute('aria-label'));

beforeAll(() => Promise.all([loadCore(), loadBackOffice()]));
beforeEach(() => {
  server = startServer();
  server.answers['GET /api/v1/product'] = envelope(200, { data: products });
  server.answers['GET /api/v1/categories'] = envelope(200, { data: categories });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the products table', () => {
  it('shows every column, money with 2 decimals in the shop’s currency (named in its headers), the discount as % or flat', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    // The actions first (pinned at the start when the table scrolls sideways), then the name,
    // stock and prices: the part of a row a tablet shows before scrolling.
    expect(headers(container)).toEqual([
      'Action', 'No', 'Name', 'Qty', 'Unit', 'Reorder level', 'Cost (MVR)', 'Profit %', 'Selling price (MVR)', 'Discount', 'Tax %', 'Loyalty %',
      'Category', 'Product ID', 'Barcode',
    ]);
    expect(container.querySelector('tbody tr > td')?.className).toBe('data-table__actions');
    expect(rows(container)[0]?.slice(1)).toEqual([
      '1', 'Cola 330ml', '24', 'no', '—', '6.00', '25%', '9.50', '10%', '8%', '1.5%', 'Drinks', 'P-000001', '8901234',
    ]);
    // No barcode, a flat discount, and no selling price: the till's price from cost, said so.
    expect(rows(container)[1]?.slice(3)).toEqual([
      '12.5', 'kg', '5', '1,234.50', '20%', '1,481.40from cost', '5.00 flat', '0%', '0%', 'Grains', 'P-000002', '—',
    ]);
    expect(container.textContent).toContain('3 products at Corner Grocery');
  });

  it('gives a staff member without product_update no edit action', async () => {
    signIn(server, 'staff', ['product_read', 'product_delete']);
    const container = await open('/staff/product/view');
    expect(headers(container)[0]).toBe('Action');
    expect(() => button(container, 'Edit Cola 330ml')).toThrow();
    button(container, 'Delete Cola 330ml');
  });

  it('gives a staff member who may only read each product’s stock history and nothing to change, at either staff path', async () => {
    signIn(server, 'staff', ['product_read']);
    const container = await open('/staff/view/product');
    expect(headers(container)[0]).toBe('Action');
    expect(container.querySelectorAll('tbody button')).toHaveLength(0);
    expect(link(container, 'Stock history of Cola 330ml').getAttribute('href')).toBe('/staff/stock/products/prod-1');
    expect(sentTo(server, 'GET /api/v1/categories')).toHaveLength(0);
  });

  it('searches on name, barcode, category and product ID', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    const names = () => rows(container).map((cells) => cells[2]);
    typeInto(search, '4000001');
    expect(names()).toEqual(['Water 1.5l']);
    typeInto(search, 'grains');
    expect(names()).toEqual(['Rice 5kg']);
    typeInto(search, 'p-000001');
    expect(names()).toEqual(['Cola 330ml']);
    typeInto(search, 'cola');
    expect(names()).toEqual(['Cola 330ml']);
  });
});

describe('editing a product in place', () => {
  it('lets an admin change tax and loyalty and the category, saving through the API', async () => {
    server.answers['PUT /api/v1/product/update/prod-1'] = envelope(200, {
      data: { ...cola, productName: 'Cola 500ml', productTax: 12, category: { _id: 'cat-3', categoryName: 'Snacks' } },
    });
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    await click(button(container, 'Edit Cola 330ml'));
    expect(inputsOf(container)).toEqual([
      'Product name', 'Quantity', 'Reorder level', 'Cost price', 'Cost price profit %', 'Selling price', 'Discount %', 'Product tax %',
      'Loyalty rate %', 'Category', 'Barcode',
    ]);
    expect(document.activeElement).toBe(cellInput(container, 'Product name'));
    const category = container.querySelector<HTMLSelectElement>('tbody select[aria-label="Category"]')!;
    expect([...category.options].map((option) => option.textContent)).toEqual(['Drinks', 'Grains', 'Snacks']);
    typeInto(cellInput(container, 'Product name'), 'Cola 500ml');
    typeInto(cellInput(container, 'Product tax %'), '12');
    act(() => {
      category.value = 'cat-3';
      category.dispatchEvent(new Event('change', { bubbles: true }));
    });
    press(cellInput(container, 'Product tax %'), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product updated successfully!'));
    expect(sentTo(server, 'PUT /api/v1/product/update/prod-1')[0]?.body).toEqual({
      productName: 'Cola 500ml', barcodeNumber: '8901234', category: 'cat-3', quantity: '24', costPrice: '6',
      costPriceProfit: '25', sellingPrice: '9.5', discount: '10', productTax: '12', loyaltyRate: '1.5',
    });
    const saved = rows(container)[0];
    expect([saved?.[2], saved?.[12], saved?.[14]]).toEqual(['Cola 500ml', 'Snacks', '8901234']);
    expect(saved?.[10]).toBe('12%');
  });

  it('keeps tax and loyalty read-only for staff, and never sends them', async () => {
    server.answers['PUT /api/v1/product/update/prod-1'] = envelope(200, { data: { ...cola, quantity: 30 } });
    signIn(server, 'staff', ['product_read', 'product_update']);
    const container = await open('/staff/product/view');
    expect(row(container, 'Cola 330ml').cells[10]?.textContent).toBe('8% (set by an admin)');
    await click(button(container, 'Edit Cola 330ml'));
    // Without category_read the categories cannot be listed, so the category stays as it is.
    expect(inputsOf(container)).toEqual([
      'Product name', 'Quantity', 'Reorder level', 'Cost price', 'Cost price profit %', 'Selling price', 'Discount %', 'Barcode',
    ]);
    typeInto(cellInput(container, 'Quantity'), '30');
    press(cellInput(container, 'Quantity'), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product updated successfully!'));
    const body = sentTo(server, 'PUT /api/v1/product/update/prod-1')[0]?.body as Record<string, string>;
    expect(body.quantity).toBe('30');
    expect(Object.keys(body)).not.toContain('productTax');
    expect(Object.keys(body)).not.toContain('loyaltyRate');
    expect(Object.keys(body)).not.toContain('category');
  });

  it('shows core’s message for a reorder level the product’s unit cannot take, and saves nothing', async () => {
    signIn(server, 'staff', ['product_read', 'product_update']);
    const container = await open('/staff/product/view');
    await click(button(container, 'Edit Cola 330ml'));
    typeInto(cellInput(container, 'Reorder level'), '2.5');
    press(cellInput(container, 'Reorder level'), 'Enter');
    await waitFor(() => expect(fieldError(cellInput(container, 'Reorder level'))).toBe('Reorder level must be a whole number for unit no'));
    typeInto(cellInput(container, 'Reorder level'), '-3');
    press(cellInput(container, 'Reorder level'), 'Enter');
    await waitFor(() => expect(fieldError(cellInput(container, 'Reorder level'))).toBe('Reorder level cannot be negative'));
    expect(sentTo(server, 'PUT /api/v1/product/update/prod-1')).toHaveLength(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('sets a reorder level, sends it only when it changed, and clears it with a blank', async () => {
    server.answers['PUT /api/v1/product/update/prod-1'] = envelope(200, { data: { ...cola, reorderLevel: 6 } });
    server.answers['PUT /api/v1/product/update/prod-2'] = envelope(200, { data: { ...rice, reorderLevel: null } });
    signIn(server, 'staff', ['product_read', 'product_update']);
    const container = await open('/staff/product/view');
    await click(button(container, 'Edit Cola 330ml'));
    typeInto(cellInput(container, 'Reorder level'), '6');
    press(cellInput(container, 'Reorder level'), 'Enter');
    await waitFor(() => expect(row(container, 'Cola 330ml').cells[5]?.textContent).toBe('6'));
    expect(sentTo(server, 'PUT /api/v1/product/update/prod-1')[0]?.body).toMatchObject({ reorderLevel: '6' });

    // Rice's level of 5 kg, cleared: sent as null, and the row shows none.
    await click(button(container, 'Edit Rice 5kg'));
    expect(cellInput(container, 'Reorder level').value).toBe('5');
    typeInto(cellInput(container, 'Reorder level'), ' ');
    press(cellInput(container, 'Reorder level'), 'Enter');
    await waitFor(() => expect(row(container, 'Rice 5kg').cells[5]?.textContent).toBe('—'));
    expect(sentTo(server, 'PUT /api/v1/product/update/prod-2')[0]?.body).toMatchObject({ reorderLevel: null });

    // A change to another field leaves the level out, so the server keeps it.
    server.answers['PUT /api/v1/product/update/prod-1'] = envelope(200, { data: { ...cola, reorderLevel: 6, quantity: 30 } });
    await click(button(container, 'Edit Cola 330ml'));
    typeInto(cellInput(container, 'Quantity'), '30');
    press(cellInput(container, 'Quantity'), 'Enter');
    await waitFor(() => expect(sentTo(server, 'PUT /api/v1/product/update/prod-1')).toHaveLength(2));
    expect(Object.keys(sentTo(server, 'PUT /api/v1/product/update/prod-1')[1]?.body as object)).not.toContain('reorderLevel');
  });

  it('checks values with the server’s rules before sending', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    await click(button(container, 'Edit Cola 330ml'));
    typeInto(cellInput(container, 'Quantity'), '2.5');
    typeInto(cellInput(container, 'Selling price'), '9.999');
    press(cellInput(container, 'Quantity'), 'Enter');
    const errors = [...container.querySelectorAll('.data-table__input-error')].map((error) => error.textContent);
    expect(errors).toEqual(['Quantity must be a whole number for unit no', 'Selling price can have at most 2 decimal places']);
    expect(sentTo(server, 'PUT /api/v1/product/update/prod-1')).toHaveLength(0);
  });

  it('shows the server’s 400 message as the toast', async () => {
    server.answers['PUT /api/v1/product/update/prod-1'] = envelope(409, { message: 'Barcode 4000001 is already used by "Water 1.5l"' });
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    await click(button(container, 'Edit Cola 330ml'));
    typeInto(cellInput(container, 'Barcode'), '4000001');
    await click(button(container, 'Save Cola 330ml'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Barcode 4000001 is already used by "Water 1.5l"'));
    expect(cellInput(container, 'Barcode').value).toBe('4000001');
  });
});

describe('deleting a product', () => {
  it('asks "Do you want to delete this product?" first, then removes it', async () => {
    server.answers['DELETE /api/v1/product/delete/prod-1'] = envelope(200, { data: null });
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    await click(button(container, 'Delete Cola 330ml'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this product?');
    expect(openDialog()?.textContent).toContain('Cola 330ml · P-000001');
    expect(sentTo(server, 'DELETE /api/v1/product/delete/prod-1')).toHaveLength(0);
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container).map((cells) => cells[2])).toEqual(['Rice 5kg', 'Water 1.5l']));
    expect(notify.success).toHaveBeenCalledWith('Product deleted successfully!');
  });

  it('keeps the product when the delete fails', async () => {
    server.answers['DELETE /api/v1/product/delete/prod-1'] = envelope(500, '');
    signIn(server, 'admin', everything);
    const container = await open('/admin/product/view');
    await click(button(container, 'Delete Cola 330ml'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to delete product.'));
    row(container, 'Cola 330ml');
  });
});
