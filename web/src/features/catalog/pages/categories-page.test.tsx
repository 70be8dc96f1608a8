// @vitest-environment happy-dom
/** The categories screen (/admin|staff/category/view) as a user meets it. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { button, click, envelope, press, typeInto, waitFor } from '@/test/render';
import { cellInput, openDialog, row, rows } from '@/test/screens';
import { openScreen, sentTo, signIn, startServer, type Server } from '../catalog-test-support';
import { categories, drinks, snacks } from '../test-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openScreen>> | undefined;
const everything = ['category_read', 'category_create', 'category_update', 'category_delete'];

async function open(path: string) {
  view = await openScreen(path);
  await waitFor(() => expect(rows(view!.container)).toHaveLength(3));
  return view.container;
}

const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);

beforeAll(loadCore);
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

describe('the categories table', () => {
  it('shows No, name, description, discount rate, product count and the actions the session may take', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    expect(headers(container)).toEqual(['No', 'Name', 'Description', 'Discount rate', 'Products', 'Action']);
    expect(rows(container)[0]).toEqual(['1', 'Drinks', 'Cold and hot', '5%', '2', '']);
    expect(rows(container)[2]?.slice(0, 5)).toEqual(['3', 'Snacks', '—', '12.5%', '0']);
    button(container, 'Edit Drinks');
    button(container, 'Delete Drinks');
    expect(container.textContent).toContain('3 categories at Corner Grocery');
    expect(container.querySelector('.screen__tools a[href="/admin/add/category"]')?.textContent).toBe('Add category');
  });

  it('has no Action column for a staff member who may only read', async () => {
    signIn(server, 'staff', ['category_read']);
    const container = await open('/staff/category/view');
    expect(headers(container)).toEqual(['No', 'Name', 'Description', 'Discount rate', 'Products']);
    expect(container.querySelectorAll('tbody button')).toHaveLength(0);
    expect(rows(container)[0]).toHaveLength(5);
    expect(container.querySelector('.screen__tools a[href="/staff/add/category"]')).toBeNull();
  });

  it('offers edit only with category_update and delete only with category_delete', async () => {
    signIn(server, 'staff', ['category_read', 'category_update']);
    let container = await open('/staff/category/view');
    button(container, 'Edit Drinks');
    expect(() => button(container, 'Delete Drinks')).toThrow();
    view!.unmount();

    signIn(server, 'staff', ['category_read', 'category_delete']);
    container = await open('/staff/category/view');
    button(container, 'Delete Drinks');
    expect(() => button(container, 'Edit Drinks')).toThrow();
  });

  it('filters by the search text on name and description', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    typeInto(container.querySelector<HTMLInputElement>('input[type="search"]')!, 'flour');
    expect(rows(container).map((cells) => cells[1])).toEqual(['Grains']);
    typeInto(container.querySelector<HTMLInputElement>('input[type="search"]')!, 'nothing like it');
    expect(container.querySelector('tbody')?.textContent).toBe('No category matches the search.');
  });
});

describe('editing a category in place', () => {
  it('saves name, description and rate through the API and says so', async () => {
    server.answers['PUT /api/v1/categories/cat-1'] = envelope(200, {
      data: { ...drinks, categoryName: 'Cold drinks', discountRate: 7.5 },
    });
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    await click(button(container, 'Edit Drinks'));
    expect(document.activeElement).toBe(cellInput(container, 'Category name'));
    typeInto(cellInput(container, 'Category name'), ' Cold drinks ');
    typeInto(cellInput(container, 'Discount rate'), '7.5');
    press(cellInput(container, 'Discount rate'), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Category updated successfully!'));
    expect(sentTo(server, 'PUT /api/v1/categories/cat-1')[0]?.body).toEqual({
      categoryName: 'Cold drinks', description: 'Cold and hot', discountRate: '7.5',
    });
    expect(rows(container)[0]?.slice(1, 4)).toEqual(['Cold drinks', 'Cold and hot', '7.5%']);
  });

  it('checks the rate before sending, and Escape goes back without sending', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    await click(button(container, 'Edit Drinks'));
    typeInto(cellInput(container, 'Discount rate'), '150');
    press(cellInput(container, 'Discount rate'), 'Enter');
    expect(container.querySelector('.data-table__input-error')?.textContent).toBe('Discount rate must be between 0 and 100');
    press(cellInput(container, 'Discount rate'), 'Escape');
    expect(container.querySelector('tbody input')).toBeNull();
    expect(rows(container)[0]?.[3]).toBe('5%');
    expect(sentTo(server, 'PUT /api/v1/categories/cat-1')).toHaveLength(0);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    server.answers['PUT /api/v1/categories/cat-1'] = envelope(409, { message: 'A category named "Grains" already exists' });
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    await click(button(container, 'Edit Drinks'));
    typeInto(cellInput(container, 'Category name'), 'Grains');
    await click(button(container, 'Save Drinks'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A category named "Grains" already exists'));
    expect(cellInput(container, 'Category name').value).toBe('Grains');
  });
});

describe('deleting a category', () => {
  it('asks "Do you want to delete this category?" and sends nothing on Cancel', async () => {
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    await click(button(container, 'Delete Drinks'));
    expect(openDialog()?.textContent).toContain('Do you want to delete this category?');
    expect(openDialog()?.textContent).toContain('Drinks · 2 products');
    await click(button(openDialog()!, 'Cancel'));
    expect(openDialog()).toBeNull();
    expect(sentTo(server, 'DELETE /api/v1/categories/cat-1')).toHaveLength(0);
  });

  it('shows the server’s 409 for a category that still has products, and keeps the row', async () => {
    const refusal = 'Category "Drinks" still has 2 products; move or delete them first';
    server.answers['DELETE /api/v1/categories/cat-1'] = envelope(409, { message: refusal });
    signIn(server, 'admin', everything);
    const container = await open('/admin/category/view');
    await click(button(container, 'Delete Drinks'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal));
    expect(openDialog()).toBeNull();
    row(container, 'Drinks');
  });

  it('removes the row after Ok: "Category deleted successfully!"', async () => {
    server.answers[`DELETE /api/v1/categories/${snacks._id}`] = envelope(200, { data: null });
    signIn(server, 'staff', ['category_read', 'category_delete']);
    const container = await open('/staff/category/view');
    await click(button(container, 'Delete Snacks'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(rows(container).map((cells) => cells[1])).toEqual(['Drinks', 'Grains']));
    expect(notify.success).toHaveBeenCalledWith('Category deleted successfully!');
  });
});
