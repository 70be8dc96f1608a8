// @vitest-environment happy-dom
/** The cart screen as a cashier meets it: the real route table, a stubbed server, the real WASM core. */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { priceCart } from '../../../lib/core';
import { signedOut, useAuthStore } from '../../../stores/auth-store';
import { searchDefaults, useSearchStore } from '../../../stores/search-store';
import { loadCore } from '../../../test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '../../../test/identity-fixtures';
import { button, click, envelope, press, renderRoutes, typeInto, waitFor } from '../../../test/render';
import { openDialog } from '../../../test/screens';
import { stubServer } from '../../../test/stub-server';
import { categories, products } from '../../catalog/test-fixtures';
import { formatMoney } from '../../catalog';
import type { Invoice } from '../types';
import { cartLineInput } from './cart-totals';
import { aisha, cartOf, cartWithLines, cola, emptyCart, lineOf, water } from './till-test-fixtures';
import { tillDefaults, useTillStore } from '../../../stores/till-store';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

const sent = (key: string) => server.requests().filter((request) => request.key === key);
const ok = (data: unknown, status = 200) => envelope(status, { data });

function signIn(area: 'admin' | 'staff') {
  const user = area === 'admin' ? aishaAdmin : benStaff;
  server.answers[`GET /api/v1/${area}/check-logged`] = ok({ ...user, permissions: ['product_read', 'category_read'] });
}

/** Opens the cart with `invoice` already held (a cart from earlier), waiting for the tiles. */
async function openCart(invoice: Invoice | null = null, path = '/admin/cart') {
  if (invoice) {
    useTillStore.setState({ invoice });
    server.answers[`GET /api/v1/invoice/${invoice._id}`] = ok(invoice);
  }
  view = await renderRoutes(routes, path);
  await waitFor(() => expect(tiles()).toHaveLength(3));
  return view;
}

const tiles = () => [...document.querySelectorAll<HTMLButtonElement>('.product-tile')];
const tile = (name: string) => tiles().find((candidate) => candidate.querySelector('.product-tile__name')?.textContent === name)!;
const phoneBox = () => document.querySelector<HTMLInputElement>('input[type="tel"]')!;
const searchBox = () => document.querySelector<HTMLInputElement>('input[type="search"]')!;
const quantityOf = (name: string) => document.querySelector<HTMLInputElement>(`input[aria-label="Quantity of ${name}"]`)!;
const total = () => document.querySelector('output[aria-label="Total"]')?.textContent;
const totalRow = (term: string) =>
  [...document.querySelectorAll('.cart-totals__row')].find((row) => row.querySelector('dt')?.textContent === term)?.querySelector('dd')
    ?.textContent;

function blur(input: HTMLInputElement) {
  act(() => {
    input.focus();
  });
  act(() => {
    input.blur();
  });
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSearchStore.setState(searchDefaults);
  useTillStore.setState(tillDefaults);
  server.answers['GET /api/v1/shop/check-login'] = ok(cornerGrocery);
  server.answers['GET /api/v1/till/catalog'] = ok({ categories, products });
  server.answers['GET /api/v1/invoice/save/status-saved'] = ok([]);
  signIn('admin');
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('choosing the customer (SPEC part 5)', () => {
  it('looks the phone number up only when it reaches exactly 7 characters, then creates the cart', async () => {
    server.answers['GET /api/v1/customer/phone/7771234'] = ok(aisha);
    server.answers['POST /api/v1/invoice/c-1'] = ok(emptyCart(), 201);
    await openCart();
    typeInto(phoneBox(), '777123');
    await act(async () => {});
    expect(server.requests().some((request) => request.key.includes('/customer/phone/'))).toBe(false);

    typeInto(phoneBox(), '7771234');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Invoice created'));
    expect(sent('GET /api/v1/customer/phone/7771234')).toHaveLength(1);
    expect(sent('POST /api/v1/invoice/c-1')).toHaveLength(1);
    expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Aisha Ali7771234');
    expect(phoneBox().maxLength).toBe(7);
  });

  it('opens Add New Customer with the number filled in when no customer has it', async () => {
    server.answers['GET /api/v1/customer/phone/7009999'] = envelope(404, { message: 'No customer with phone number 7009999' });
    const { router } = await openCart();
    typeInto(phoneBox(), '7009999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customer/add'));
    expect(router.state.location.search).toBe('?phone=7009999');
    expect(sent('POST /api/v1/invoice/c-1')).toHaveLength(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('is the staff’s landing page, whose not-found goes to the staff’s Add New Customer', async () => {
    signIn('staff');
    server.answers['GET /api/v1/customer/phone/7009999'] = envelope(404, { message: 'No customer' });
    const { router } = await openCart(null, '/staff');
    typeInto(phoneBox(), '7009999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/customer/add'));
  });
});

describe('product tiles', () => {
  it('are disabled with "First Select Customer" until a customer is chosen', async () => {
    await openCart();
    for (const candidate of tiles()) {
      expect(candidate.disabled).toBe(true);
      expect(candidate.textContent).toContain('First Select Customer');
    }
  });

  it('say "Already in Cart" for a product on a line, and add the others with a tap', async () => {
    const held = cartOf([lineOf(cola, 1)]);
    server.answers['POST /api/v1/invoice/inv-1/products'] = ok(cartOf([lineOf(cola, 1), lineOf(water, 1)]));
    await openCart(held);
    expect(tile('Cola 330ml').disabled).toBe(true);
    expect(tile('Cola 330ml').textContent).toContain('Already in Cart');
    expect(tile('Water 1.5l').disabled).toBe(false);

    await click(tile('Water 1.5l'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    expect(sent('POST /api/v1/invoice/inv-1/products')[0]?.body).toEqual({ productId: 'prod-3' });
    expect(tile('Water 1.5l').textContent).toContain('Already in Cart');
    expect(document.activeElement).toBe(searchBox());
  });

  it('filter by the chosen category and by the search text', async () => {
    await openCart();
    await click(button(view!.container, 'Grains'));
    expect(tiles().map((candidate) => candidate.querySelector('.product-tile__name')?.textContent)).toEqual(['Rice 5kg']);
    await click(button(view!.container, 'All'));
    typeInto(searchBox(), 'water');
    expect(tiles().map((candidate) => candidate.querySelector('.product-tile__name')?.textContent)).toEqual(['Water 1.5l']);
  });
});

describe('the smart search box', () => {
  it('adds a scanned barcode on Enter, then empties and keeps focus for the next scan', async () => {
    server.answers['POST /api/v1/invoice/inv-1/products'] = ok(cartOf([lineOf(water, 1)]));
    await openCart(emptyCart());
    act(() => searchBox().focus());
    typeInto(searchBox(), '4000001');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    expect(sent('POST /api/v1/invoice/inv-1/products')[0]?.body).toEqual({ barcodeNumber: '4000001' });
    expect(searchBox().value).toBe('');
    expect(document.activeElement).toBe(searchBox());
  });

  it('shows the server’s refusal of an unknown code', async () => {
    server.answers['POST /api/v1/invoice/inv-1/products'] = envelope(404, { message: 'Product not found' });
    await openCart(emptyCart());
    typeInto(searchBox(), '999');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Product not found'));
    expect(sent('POST /api/v1/invoice/inv-1/products')[0]?.body).toEqual({ barcodeNumber: '999' });
  });
});

describe('cart lines', () => {
  it('send a quantity on blur only when it changed', async () => {
    server.answers['POST /api/v1/invoice/inv-1/products'] = ok(cartOf([lineOf(cola, 3), lineOf(products[1]!, 1.5)]));
    await openCart(cartWithLines());
    blur(quantityOf('Cola 330ml'));
    typeInto(quantityOf('Cola 330ml'), '2.0');
    blur(quantityOf('Cola 330ml'));
    await act(async () => {});
    expect(sent('POST /api/v1/invoice/inv-1/products')).toHaveLength(0);

    typeInto(quantityOf('Cola 330ml'), '3');
    blur(quantityOf('Cola 330ml'));
    await waitFor(() => expect(quantityOf('Cola 330ml').value).toBe('3'));
    expect(sent('POST /api/v1/invoice/inv-1/products').map((request) => request.body)).toEqual([{ productId: 'prod-1', quantity: '3' }]);
  });

  it('show a custom product’s quantity as fixed text', async () => {
    await openCart(cartOf([lineOf(cola, 1, true)]));
    const fixed = document.querySelector('.cart-line__fixed-quantity');
    expect(fixed?.textContent).toBe('1');
    expect(fixed?.tagName).not.toBe('INPUT');
  });

  it('ask before removing a line, and remove it only on Ok', async () => {
    server.answers['PUT /api/v1/invoice/inv-1/product/prod-1'] = ok(cartOf([lineOf(products[1]!, 1.5)]));
    await openCart(cartWithLines());
    await click(button(view!.container, 'Remove Cola 330ml'));
    expect(openDialog()?.textContent).toContain('Do you want to remove this product from the cart?');
    await click(button(openDialog()!, 'Cancel'));
    expect(openDialog()).toBeNull();
    expect(sent('PUT /api/v1/invoice/inv-1/product/prod-1')).toHaveLength(0);

    await click(button(view!.container, 'Remove Cola 330ml'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product removed from invoice'));
    expect(sent('PUT /api/v1/invoice/inv-1/product/prod-1')).toHaveLength(1);
    expect(quantityOf('Cola 330ml')).toBeNull();
  });
});

describe('totals, redeem, save and pay', () => {
  it('shows the WASM core’s prices for the lines', async () => {
    await openCart(cartWithLines());
    const expected = priceCart({ lines: cartWithLines().products.map(cartLineInput), redeemAmount: 0 });
    expect(total()).toBe(formatMoney(expected.totalAmount, 'MVR'));
    expect(totalRow('Products Discount')).toBe(formatMoney(expected.totalDiscount, 'MVR'));
    expect(totalRow('Sub total')).toBe(formatMoney(expected.subTotal, 'MVR'));
    expect(totalRow('Tax')).toBe(formatMoney(expected.totalTax, 'MVR'));
    const lineTotals = [...document.querySelectorAll('.cart-line__total')].map((cell) => cell.textContent);
    expect(lineTotals).toEqual(expected.lines.map((line) => formatMoney(line.total, 'MVR')));
    expect(document.querySelector('.cart-panel')?.getAttribute('data-amounts')).toBe('core');
  });

  it('shows the server’s amounts, and logs it, when they differ from the core’s', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openCart({ ...cartWithLines(), totalAmount: 1.23 });
    expect(total()).toBe('MVR 1.23');
    expect(document.querySelector('.cart-panel')?.getAttribute('data-amounts')).toBe('server');
    expect(warn).toHaveBeenCalled();
  });

  it('disables Pay, reading "Cart Empty", while the cart has no lines', async () => {
    await openCart(emptyCart());
    expect(button(view!.container, 'Cart Empty').disabled).toBe(true);
    expect(() => button(view!.container, 'Pay')).toThrow();
  });

  it('opens the payment dialog with the invoice from Pay', async () => {
    await openCart(cartWithLines());
    await click(button(view!.container, 'Pay'));
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain("Total payable amount: MVR2,232.04");
  });

  it('redeems the typed amount of points and shows the customer’s points', async () => {
    server.answers['PUT /api/v1/redeem/inv-1'] = ok(cartOf(cartWithLines().products, { redeemAmount: 5 }));
    await openCart(cartWithLines());
    expect(document.querySelector('.redeem-box__points')?.textContent).toContain('Points: 12.50');
    typeInto(document.querySelector<HTMLInputElement>('.redeem-box__input')!, '5');
    await click(button(view!.container, 'Redeem'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Points amount added!'));
    expect(sent('PUT /api/v1/redeem/inv-1')[0]?.body).toEqual({ redeemAmountAdd: '5' });
    expect(totalRow('Redeemed')).toBe('MVR 5.00');
  });

  it('saves to the open orders and goes to the area’s list', async () => {
    server.answers['PATCH /api/v1/invoice/inv-1'] = ok({ ...cartWithLines(), status: 'saved' });
    const { router } = await openCart(cartWithLines());
    await click(button(view!.container, 'Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/open/orders'));
    expect(notify.success).toHaveBeenCalledWith('Saved to open orders');
    expect(sent('PATCH /api/v1/invoice/inv-1')).toHaveLength(1);
    expect(useTillStore.getState().invoice).toBeNull();
  });

  it('saves a cart with lines when the cashier leaves the screen', async () => {
    server.answers['PATCH /api/v1/invoice/inv-1'] = ok({ ...cartWithLines(), status: 'saved' });
    const { router } = await openCart(cartWithLines());
    await act(() => router.navigate('/admin/product/view'));
    await waitFor(() => expect(sent('PATCH /api/v1/invoice/inv-1')).toHaveLength(1));
    await waitFor(() => expect(useTillStore.getState().invoice?.status).toBe('saved'));
  });

  it('clears the cart from the top bar', async () => {
    server.answers['PUT /api/v1/invoice/inv-1/clear'] = ok(emptyCart());
    await openCart(cartWithLines());
    await click(button(view!.container, 'Clear cart'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Invoice cleared'));
    expect(button(view!.container, 'Cart Empty').disabled).toBe(true);
  });

  it('counts the saved orders on the Open orders badge', async () => {
    server.answers['GET /api/v1/invoice/save/status-saved'] = ok([cartWithLines(), emptyCart()]);
    await openCart();
    await waitFor(() => expect(document.querySelector('a[aria-label="Open orders, 2 saved"]')).not.toBeNull());
  });
});
