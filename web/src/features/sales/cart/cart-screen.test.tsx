// @vitest-environment happy-dom
/**
 * The cart screen as a cashier meets it: the real route table on the till's local data (a fresh
 * IndexedDB with the catalogue and customers, the real sync engine with a scripted server, kept
 * offline unless a test connects it), the real WASM core.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import * as core from '@/lib/core';
import { priceCart } from '@/lib/core';
import { isPositive } from '@/lib/decimal-text';
import { signedOut, useAuthStore } from '@/stores/auth-store';
import { searchDefaults, useSearchStore } from '@/stores/search-store';
import { loadCore } from '@/test/core';
import { aishaAdmin, benStaff, cornerGrocery } from '@/test/identity-fixtures';
import { button, click, envelope, press, renderRoutes, typeInto, waitFor } from '@/test/render';
import { link, openDialog } from '@/test/screens';
import { stubServer } from '@/test/stub-server';
import { formatMoney } from '@/features/catalog';
import type { LocalInvoice, TillInvoiceBody } from '@/features/offline';
import { bodyOf } from '@/features/offline/testing';
import type { Invoice } from '@/types/invoice';
import { asLocal, withTillData } from '../local/local-route-support';
import { saveOpenOrder } from '../local/cart-commands';
import { localTill } from '../local/local-test-support';
import { cartLineOf } from '@/types/invoice-wire';
import { WALK_IN_MISSING } from './customer-lookup';
import { cartOf, cartWithLines, cola, emptyCart, lineOf, rice, water } from './till-test-fixtures';
import { tillDefaults, useTillStore } from '@/stores/till-store';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));
// The core's pricing wrappers, counted (they still price, through the real WASM core).
vi.mock('@/lib/core', async (importOriginal) => {
  const real = await importOriginal<typeof core>();
  return { ...real, priceCart: vi.fn(real.priceCart), priceCartChange: vi.fn(real.priceCartChange) };
});
/** How many times the cart was priced by the core since the counts were cleared. */
const pricings = () => vi.mocked(core.priceCart).mock.calls.length + vi.mocked(core.priceCartChange).mock.calls.length;

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
let till: Awaited<ReturnType<typeof localTill>>;

const ok = (data: unknown, status = 200) => envelope(status, { data });
/** The commands the till queued, in order. */
const queued = () => till.db.outbox.orderBy('seq').toArray();
const lastBody = async () => bodyOf((await queued()).at(-1)!) as TillInvoiceBody;
const held = (): Promise<LocalInvoice | undefined> => till.db.invoices.get(useTillStore.getState().invoice ?? '');

function signIn(area: 'admin' | 'staff') {
  const user = area === 'admin' ? aishaAdmin : benStaff;
  server.answers[`GET /api/v1/${area}/check-logged`] = ok({ ...user, permissions: ['product_read', 'category_read'] });
}

/** Opens the cart with `invoice` already held (a cart from earlier), waiting for the tiles. */
async function openCart(invoice: Invoice | null = null, path = '/admin/cart') {
  if (invoice) {
    const local = asLocal(invoice);
    await till.db.invoices.put(local);
    useTillStore.setState({ invoice: local.ref });
  }
  view = await renderRoutes(withTillData(routes, till.data), path);
  await waitFor(() => expect(tiles()).toHaveLength(3));
  if (invoice) await waitFor(() => expect(document.querySelector('.cart-panel')).not.toBeNull());
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
beforeEach(async () => {
  till = await localTill();
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSearchStore.setState(searchDefaults);
  useTillStore.setState(tillDefaults);
  server.answers['GET /api/v1/shop/check-login'] = ok(cornerGrocery);
  server.answers['GET /api/v1/invoice/save/status-saved'] = ok([]);
  signIn('admin');
});
afterEach(async () => {
  till.engine.stop();
  await till.engine.settled();
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('the walk-in sale', () => {
  const customerShown = () => document.querySelector('.cart-panel__customer')?.textContent;

  it('starts from the Walk-in button: no phone, no redeem box, and its lines earn no points', async () => {
    await openCart();
    await click(button(view!.container, 'Walk-in'));
    await waitFor(() => expect(customerShown()).toBe('Walk-in customer'));
    expect(document.querySelector('.redeem-box')).toBeNull();
    expect(await lastBody()).toMatchObject({ customerId: 'c-walk-in', status: 'active', lines: [] });
    await click(tile(cola.productName));
    await vi.waitFor(async () => expect((await held())?.products).toHaveLength(1));
    const sale = (await held())!;
    expect(cola.loyaltyRate).toBeGreaterThan(0);
    expect(sale.pointsEarned).toBe('0.00');
    expect(sale.products[0]!.pointsEarned).toBe('0.00');
    expect(isPositive(sale.totalAmount)).toBe(true);
  });

  it('waits for a first pull still bringing the customers instead of refusing the sale', async () => {
    const walkIn = (await till.db.customers.get('c-walk-in'))!;
    await till.db.customers.delete('c-walk-in');
    let pulls = 0;
    till.data.pullNow = async () => {
      pulls += 1;
      await till.db.customers.put(walkIn);
    };
    await openCart();
    await click(button(view!.container, 'Walk-in'));
    await waitFor(() => expect(customerShown()).toBe('Walk-in customer'));
    expect(pulls).toBe(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says why when the walk-in customer has never reached an offline till', async () => {
    await till.db.customers.delete('c-walk-in');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openCart();
    await click(button(view!.container, 'Walk-in'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(WALK_IN_MISSING));
    expect(document.querySelector('.cart-panel')).toBeNull();
  });

  it('starts on F6, and a customer’s phone then takes its empty cart over', async () => {
    await openCart();
    press(document.body, 'F6');
    await waitFor(() => expect(customerShown()).toBe('Walk-in customer'));
    const walkInRef = useTillStore.getState().invoice;
    typeInto(phoneBox(), '7771234');
    await waitFor(() => expect(customerShown()).toBe('Aisha Ali7771234'));
    expect(useTillStore.getState().invoice).toBe(walkInRef);
    expect(await till.db.invoices.count()).toBe(1);
  });

  it('follows a paid sale, with the phone box focused for the next customer', async () => {
    await openCart(cartWithLines());
    await click(button(view!.container, 'Pay'));
    const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
    typeInto(dialog().querySelector<HTMLInputElement>('input[inputmode="decimal"]')!, '2300');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().textContent).toContain('Proceed to print?'));
    await click(button(dialog(), 'Cancel'));
    await waitFor(() => expect(customerShown()).toBe('Walk-in customer'));
    await waitFor(() => expect(document.activeElement).toBe(phoneBox()));
  });

  it('takes a scanner’s code typed into the phone box as a scan, never as a phone number', async () => {
    // An EAN-13: longer than any phone number.
    await till.db.products.update(water._id, { barcodeNumber: '4006381333931' });
    await openCart(emptyCart());
    phoneBox().focus();
    for (const key of '4006381333931') {
      press(phoneBox(), key);
      if (phoneBox().value.length < 7) typeInto(phoneBox(), phoneBox().value + key);
    }
    press(phoneBox(), 'Enter');
    await vi.waitFor(async () => expect((await held())?.products.map((line) => line.productName)).toEqual([water.productName]));
    expect(phoneBox().value).toBe('');
    expect(customerShown()).toBe('Aisha Ali7771234');
  });
});

describe('choosing the customer', () => {
  it('looks the phone number up in the local customers only at exactly 7 characters, then creates the cart', async () => {
    await openCart();
    typeInto(phoneBox(), '777123');
    await act(async () => {});
    expect(await till.db.invoices.count()).toBe(0);

    typeInto(phoneBox(), '7771234');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Invoice created'));
    await waitFor(() => expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Aisha Ali7771234'));
    expect((await queued()).map((command) => command.kind)).toEqual(['createCart']);
    expect(await lastBody()).toMatchObject({ customerId: 'c-1', status: 'active', lines: [] });
    // Numbered by the device until the server has seen it.
    expect(document.querySelector('#cart-panel-heading')?.textContent).toMatch(/^Provisional [0-9A-F]{4}-0001$/);
    expect(server.requests().some((request) => request.key.includes('/customer/phone/'))).toBe(false);
    expect(phoneBox().maxLength).toBe(7);
  });

  it('keeps the earlier cart with lines in the open orders when the next customer comes', async () => {
    await openCart(cartWithLines());
    typeInto(phoneBox(), '7785555');
    await waitFor(() => expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Hassan Naseer7785555'));
    expect((await queued()).map((command) => command.kind)).toEqual(['saveOpenOrder', 'createCart']);
    expect(await till.db.invoices.where('status').equals('saved').count()).toBe(1);
  });

  it('opens Add New Customer with the number filled in when no customer has it', async () => {
    const { router } = await openCart();
    typeInto(phoneBox(), '7009999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customer/add'));
    expect(router.state.location.search).toBe('?phone=7009999&returnTo=%2Fadmin%2Fcart');
    expect(await till.db.outbox.count()).toBe(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('comes back from Add New Customer to the sale, started for the customer just added', async () => {
    const newcomer = { _id: 'c-9', customerName: 'Mariyam Zahir', phoneNumber: '7009999', email: '', address: '', loyalityPoint: 0, pointAmount: 0 };
    server.answers['POST /api/v1/customer/create'] = ok(newcomer, 201);
    const { router } = await openCart();
    typeInto(phoneBox(), '7009999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customer/add'));
    expect(link(view!.container, 'Back to the sale').getAttribute('href')).toBe('/admin/cart');
    typeInto(document.querySelector<HTMLInputElement>('input[name="customerName"]')!, 'Mariyam Zahir');
    await click(button(view!.container, 'Add customer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/cart'));
    await waitFor(() => expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Mariyam Zahir7009999'));
    expect(notify.success).toHaveBeenCalledWith('Invoice created');
    expect(await lastBody()).toMatchObject({ customerId: 'c-9' });
  });

  it('pulls once when the number is not local yet (a first pull still running), then finds the customer', async () => {
    const newcomer = { _id: 'c-9', customerName: 'Mariyam Zahir', phoneNumber: '7005555', email: '', address: '', loyalityPoint: 0, pointAmount: 0 };
    let pulls = 0;
    till.data.pullNow = async () => {
      pulls += 1;
      await till.db.customers.put({ ...(await till.db.customers.toCollection().first())!, ...newcomer });
    };
    await openCart();
    typeInto(phoneBox(), '7005555');
    await waitFor(() => expect(document.querySelector('.cart-panel__customer')?.textContent).toBe('Mariyam Zahir7005555'));
    expect(pulls).toBe(1);
    expect(await lastBody()).toMatchObject({ customerId: 'c-9' });
  });

  it('is the staff’s landing page, whose not-found goes to the staff’s Add New Customer', async () => {
    signIn('staff');
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

  it('say how much the cart holds, and a tap adds one more, as a scan does', async () => {
    await openCart(cartOf([lineOf(cola, 1), lineOf(rice, 1.5)]));
    await waitFor(() => expect(tile('Cola 330ml').textContent).toContain('In cart: 1'));
    expect(tile('Rice 5kg').textContent).toContain('In cart: 1.5 kg');
    expect(tile('Cola 330ml').disabled).toBe(false);
    expect(tile('Water 1.5l').textContent).not.toContain('In cart');

    await click(tile('Water 1.5l'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    await click(tile('Cola 330ml'));
    await waitFor(() => expect(tile('Cola 330ml').textContent).toContain('In cart: 2'));
    const lines = (await lastBody()).lines.map((line) => [line.productId, line.quantity]);
    expect(lines).toEqual([['prod-1', '2'], ['prod-2', '1.5'], ['prod-3', '1']]);
    expect(document.activeElement).toBe(searchBox());
  });

  it('price the cart once per tap: the preview, the write and the cart panel share it', async () => {
    await openCart(cartOf([lineOf(cola, 1), lineOf(rice, 1.5)]));
    await waitFor(() => expect(tile('Cola 330ml').textContent).toContain('In cart: 1'));
    vi.mocked(core.priceCart).mockClear();
    vi.mocked(core.priceCartChange).mockClear();

    await click(tile('Water 1.5l'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    await waitFor(() => expect(document.querySelector('.cart-panel')?.hasAttribute('aria-busy')).toBe(false));
    expect((await held())?.products.map((line) => line.productId)).toEqual(['prod-1', 'prod-2', 'prod-3']);
    expect(document.querySelector('.cart-panel')?.getAttribute('data-amounts')).toBe('core');
    expect(pricings()).toBe(1);
  });

  it('leave the focus where the cashier went while the add was being written', async () => {
    await openCart(emptyCart());
    // The line shows at once; its write to the local tables finishes later.
    act(() => tile('Water 1.5l').click());
    act(() => quantityOf('Water 1.5l').focus());
    typeInto(quantityOf('Water 1.5l'), '2');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    expect(document.activeElement).toBe(quantityOf('Water 1.5l'));
    expect(searchBox().value).toBe('');
  });

  it('mark the cart busy from the tap until its line is stored, so nothing shown is only on screen', async () => {
    await openCart(emptyCart());
    const panel = () => document.querySelector('.cart-panel')!;
    expect(panel().hasAttribute('aria-busy')).toBe(false);
    act(() => tile('Water 1.5l').click());
    expect(panel().textContent).toContain('Water 1.5l');
    expect(panel().getAttribute('aria-busy')).toBe('true');
    expect((await held())?.products).toHaveLength(0);
    await waitFor(() => expect(panel().hasAttribute('aria-busy')).toBe(false));
    expect((await held())?.products.map((line) => line.productId)).toEqual(['prod-3']);
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

describe('the keyboard', () => {
  it('starts in the phone box, and mid-sale in the search box', async () => {
    await openCart();
    await waitFor(() => expect(document.activeElement).toBe(phoneBox()));
    view?.unmount();
    view = undefined;
    await openCart(cartWithLines());
    await waitFor(() => expect(document.activeElement).toBe(searchBox()));
  });

  it('moves with F2 and F3, lists its keys with ?, and pays with F8 then F9', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(document.activeElement).toBe(searchBox()));
    press(document.body, 'F3');
    expect(document.activeElement).toBe(phoneBox());
    press(document.body, 'F2');
    expect(document.activeElement).toBe(searchBox());

    act(() => searchBox().blur());
    press(document.body, '?');
    const help = () => document.querySelector<HTMLElement>('[role="dialog"]');
    expect(help()?.textContent).toContain('Keyboard shortcuts');
    expect(help()?.textContent).toContain('F8Pay');
    press(help()!, 'Escape');
    await waitFor(() => expect(help()).toBeNull());

    press(document.body, 'F8');
    await waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Total payable amount'));
    press(document.body, 'F9');
    await waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Proceed to print?'));
    expect((await queued()).map((command) => command.kind)).toEqual(['payCash']);
    await click(button(document.querySelector<HTMLElement>('[role="dialog"]')!, 'Cancel'));
  });

  it('keeps a cart with lines in the open orders on F4, and waits for the next customer', async () => {
    await openCart(cartWithLines());
    press(document.body, 'F4');
    await waitFor(() => expect(useTillStore.getState().invoice).toBeNull());
    expect(notify.success).toHaveBeenCalledWith('Saved to open orders');
    expect((await queued()).map((command) => command.kind)).toEqual(['saveOpenOrder']);
    await waitFor(() => expect(document.activeElement).toBe(phoneBox()));
  });
});

describe('the smart search box', () => {
  it('adds a scanned barcode from the local catalogue on Enter, then empties and keeps focus', async () => {
    await openCart(emptyCart());
    act(() => searchBox().focus());
    typeInto(searchBox(), '4000001');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    expect((await held())?.products.map((line) => line.productName)).toEqual(['Water 1.5l']);
    expect(searchBox().value).toBe('');
    expect(document.activeElement).toBe(searchBox());
  });

  it('says "Product not found" with an unknown code and empties the box for the next scan, queueing nothing', async () => {
    await openCart(emptyCart());
    typeInto(searchBox(), '999');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Product not found: no product has the barcode 999'));
    expect(searchBox().value).toBe('');
    expect(await till.db.outbox.count()).toBe(0);

    // The scanner's next code is read on its own, not appended to the failed one.
    typeInto(searchBox(), '4000001');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    expect((await held())?.products.map((line) => line.productName)).toEqual(['Water 1.5l']);
  });

  it('keeps typed text that several products match, saying so, and adds nothing', async () => {
    await openCart(emptyCart());
    typeInto(searchBox(), 'l');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('2 products match “l”: type more of the name, or tap the one you mean'));
    expect(searchBox().value).toBe('l');
    expect(await till.db.outbox.count()).toBe(0);

    typeInto(searchBox(), 'wat');
    press(searchBox(), 'Enter');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product added to invoice'));
    expect((await held())?.products.map((line) => line.productName)).toEqual(['Water 1.5l']);
  });
});

describe('cart lines', () => {
  it('send a quantity on blur only when it changed', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(quantityOf('Cola 330ml')).not.toBeNull());
    blur(quantityOf('Cola 330ml'));
    typeInto(quantityOf('Cola 330ml'), '2.0');
    blur(quantityOf('Cola 330ml'));
    await act(async () => {});
    expect(await till.db.outbox.count()).toBe(0);

    typeInto(quantityOf('Cola 330ml'), '3');
    blur(quantityOf('Cola 330ml'));
    await waitFor(() => expect(quantityOf('Cola 330ml').value).toBe('3'));
    expect((await queued()).map((command) => command.kind)).toEqual(['setQuantity']);
    expect((await lastBody()).lines[0]).toMatchObject({ productId: 'prod-1', quantity: '3' });
  });

  it('refuse a quantity over the local stock with the server’s message and put the old one back', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(quantityOf('Rice 5kg')).not.toBeNull());
    typeInto(quantityOf('Rice 5kg'), '13');
    blur(quantityOf('Rice 5kg'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(`Not enough stock for Rice 5kg: ${rice.quantity} kg left`));
    await waitFor(() => expect(quantityOf('Rice 5kg').value).toBe('1.5'));
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('take one more with + and one less with −, and ask before − takes the last one', async () => {
    await openCart(cartOf([lineOf(cola, 2), lineOf(rice, 1.5)]));
    await waitFor(() => expect(quantityOf('Cola 330ml')).not.toBeNull());
    await click(button(view!.container, 'One more Cola 330ml'));
    await waitFor(() => expect(quantityOf('Cola 330ml').value).toBe('3'));
    await click(button(view!.container, 'One less Rice 5kg'));
    await waitFor(() => expect(quantityOf('Rice 5kg').value).toBe('0.5'));
    expect((await lastBody()).lines.map((line) => [line.productId, line.quantity])).toEqual([['prod-1', '3'], ['prod-2', '0.5']]);

    await click(button(view!.container, 'One less Rice 5kg'));
    expect(openDialog()?.textContent).toContain('Do you want to remove this product from the cart?');
    await click(button(openDialog()!, 'Cancel'));
    expect(quantityOf('Rice 5kg').value).toBe('0.5');
  });

  it('show a custom product’s quantity as fixed text', async () => {
    await openCart(cartOf([lineOf(cola, 1, true)]));
    await waitFor(() => expect(document.querySelector('.cart-line__fixed-quantity')?.textContent).toBe('1'));
    expect(document.querySelector('.cart-line__fixed-quantity')?.tagName).not.toBe('INPUT');
  });

  it('ask before removing a line, and remove it only on Ok', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(quantityOf('Cola 330ml')).not.toBeNull());
    await click(button(view!.container, 'Remove Cola 330ml'));
    expect(openDialog()?.textContent).toContain('Do you want to remove this product from the cart?');
    await click(button(openDialog()!, 'Cancel'));
    expect(openDialog()).toBeNull();
    expect(await till.db.outbox.count()).toBe(0);

    await click(button(view!.container, 'Remove Cola 330ml'));
    await click(button(openDialog()!, 'Ok'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product removed from invoice'));
    expect((await queued()).map((command) => command.kind)).toEqual(['removeLine']);
    await waitFor(() => expect(quantityOf('Cola 330ml')).toBeNull());
  });
});

describe('totals, redeem, save and pay', () => {
  it('shows the WASM core’s prices for the lines', async () => {
    await openCart(cartWithLines());
    const expected = priceCart({ lines: cartWithLines().products.map(cartLineOf), redeemAmount: 0 });
    await waitFor(() => expect(total()).toBe(formatMoney(expected.totalAmount, 'MVR')));
    expect(totalRow('Products Discount')).toBe(formatMoney(expected.totalDiscount, 'MVR'));
    expect(totalRow('Sub total')).toBe(formatMoney(expected.subTotal, 'MVR'));
    expect(totalRow('Tax')).toBe(formatMoney(expected.totalTax, 'MVR'));
    const lineTotals = [...document.querySelectorAll('.cart-line__total')].map((cell) => cell.textContent);
    expect(lineTotals).toEqual(expected.lines.map((line) => formatMoney(line.total, 'MVR')));
    expect(document.querySelector('.cart-panel')?.getAttribute('data-amounts')).toBe('core');
  });

  it('shows the stored amounts, and logs it, when they differ from the core’s', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openCart({ ...cartWithLines(), totalAmount: '1.23' });
    await waitFor(() => expect(total()).toBe('MVR 1.23'));
    expect(document.querySelector('.cart-panel')?.getAttribute('data-amounts')).toBe('server');
    expect(warn).toHaveBeenCalled();
  });

  it('disables Pay, reading "Cart Empty", while the cart has no lines', async () => {
    await openCart(emptyCart());
    await waitFor(() => expect(button(view!.container, 'Cart Empty').disabled).toBe(true));
    expect(() => button(view!.container, 'Pay')).toThrow();
  });

  it('opens the payment dialog from Pay; a cash sale shows the change, then the counter is ready for the next customer', async () => {
    const { router } = await openCart(cartWithLines());
    await waitFor(() => expect(button(view!.container, 'Pay')).toBeTruthy());
    await click(button(view!.container, 'Pay'));
    const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog().textContent).toContain('Total payable amount: MVR2,232.04');
    typeInto(dialog().querySelector<HTMLInputElement>('input[inputmode="decimal"]')!, '2300');
    await click(button(dialog(), 'Cash'));
    await waitFor(() => expect(dialog().textContent).toContain('Proceed to print?'));
    expect(dialog().querySelector('.payment-dialog__change')?.textContent).toBe('Change dueMVR67.96Received MVR2,300.00');
    // The receipt printed from here has the cash handed over and the change.
    expect(document.querySelector('.print-copy')?.textContent).toContain('Cash receivedMVR 2,300.00');
    expect(document.querySelector('.print-copy')?.textContent).toContain('ChangeMVR 67.96');
    expect((await queued()).map((command) => command.kind)).toEqual(['payCash']);
    await click(button(dialog(), 'Cancel'));
    await waitFor(() => expect(useTillStore.getState().invoice).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/cart');
    await waitFor(() => expect(document.activeElement).toBe(phoneBox()));
  });

  it('redeems the typed amount of points and shows the customer’s points', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(document.querySelector('.redeem-box__points')?.textContent).toContain('Points: 12.50'));
    typeInto(document.querySelector<HTMLInputElement>('.redeem-box__input')!, '5');
    await click(button(view!.container, 'Redeem'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Points amount added!'));
    expect(await lastBody()).toMatchObject({ redeemAmount: '5.00' });
    await waitFor(() => expect(totalRow('Redeemed')).toBe('MVR 5.00'));
  });

  it('refuses a redemption over the points with the core’s message', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(document.querySelector('.redeem-box__input')).not.toBeNull());
    typeInto(document.querySelector<HTMLInputElement>('.redeem-box__input')!, '50');
    await click(button(view!.container, 'Redeem'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('You can redeem at most 12.50'));
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('saves to the open orders and goes to the area’s list', async () => {
    const { router } = await openCart(cartWithLines());
    await waitFor(() => expect(button(view!.container, 'Save')).toBeTruthy());
    await click(button(view!.container, 'Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/open/orders'));
    expect(notify.success).toHaveBeenCalledWith('Saved to open orders');
    expect((await queued()).map((command) => command.kind)).toEqual(['saveOpenOrder']);
    expect(useTillStore.getState().invoice).toBeNull();
  });

  it('saves a cart with lines when the cashier leaves the screen', async () => {
    const { router } = await openCart(cartWithLines());
    await act(() => router.navigate('/admin/product/view'));
    await waitFor(async () => expect((await queued()).map((command) => command.kind)).toEqual(['saveOpenOrder']));
    expect((await held())?.status).toBe('saved');
  });

  it('clears the cart from the top bar', async () => {
    await openCart(cartWithLines());
    await waitFor(() => expect(button(view!.container, 'Clear cart').disabled).toBe(false));
    await click(button(view!.container, 'Clear cart'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Invoice cleared'));
    await waitFor(() => expect(button(view!.container, 'Cart Empty').disabled).toBe(true));
  });

  it('counts the saved orders on the Open orders badge: the server’s, cached, and the till’s own', async () => {
    const fromServer = { ...cartWithLines(), _id: '9', status: 'saved', ref: '00000000-0000-4000-8000-000000000009', provisionalNumber: '' };
    server.answers['GET /api/v1/invoice/save/status-saved'] = ok([fromServer]);
    // Saved on this till while offline: its command is still in the outbox, so it stays listed.
    const mine = asLocal({ ...cartOf([lineOf(water, 1)]), _id: 'inv-2' });
    await till.db.invoices.put(mine);
    await saveOpenOrder(till.data, mine.ref);
    // Saved here and sent, then paid on another till: the server no longer lists it.
    await till.db.invoices.put(asLocal({ ...cartOf([lineOf(cola, 1)]), _id: 'inv-3', status: 'saved' }));
    await openCart();
    await waitFor(() => expect(document.querySelector('a[aria-label="Open orders, 2 saved"]')).not.toBeNull());
    expect(await till.db.invoices.get(fromServer.ref)).toMatchObject({ origin: 'server', serverId: '9' });
    expect(await till.db.invoices.get(asLocal({ ...emptyCart(), _id: 'inv-3' }).ref)).toBeUndefined();
  });
});

describe('gift cards at the till', () => {
  it('opens from the till bar with the card’s number box focused, for a scan', async () => {
    await openCart(cartWithLines());
    await click(button(view!.container, 'Gift card: sell, load or check a balance'));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Gift card');
    expect((document.activeElement as HTMLInputElement | null)?.id).toBe(dialog.querySelector('input')?.id);
    expect(dialog.querySelector('label')?.textContent).toBe('Gift card number');
    await click(button(dialog, 'Cancel'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
