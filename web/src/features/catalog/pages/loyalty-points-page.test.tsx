// @vitest-environment happy-dom
/** The loyalty points screen (/admin/loyalty/points) as an admin meets it. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCore } from '@/test/core';
import { button, click, envelope, field, typeInto, waitFor } from '@/test/render';
import { fieldError } from '@/test/screens';
import { openScreen, sentTo, signIn, startServer, type Server } from '../catalog-test-support';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

let server: Server;
let view: Awaited<ReturnType<typeof openScreen>> | undefined;

async function open() {
  view = await openScreen('/admin/loyalty/points');
  await waitFor(() => field(view!.container, 'Loyalty rate %'));
  return view.container;
}

beforeAll(loadCore);
beforeEach(() => {
  server = startServer();
  // The loyalty rate is the admin's, whatever the permissions (its screen is in the admin area).
  signIn(server, 'admin', []);
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('loyalty points', () => {
  it('is one input and a Submit button, the input focused', async () => {
    const container = await open();
    expect(container.querySelectorAll('form input')).toHaveLength(1);
    expect([...container.querySelectorAll('form button')].map((element) => element.textContent)).toEqual(['Submit']);
    expect(document.activeElement).toBe(field(container, 'Loyalty rate %'));
  });

  it('refuses a rate that is not a number from 0 to 100, sending nothing', async () => {
    const container = await open();
    await click(button(container, 'Submit'));
    expect(fieldError(field(container, 'Loyalty rate %'))).toBe('Loyalty rate is required');
    typeInto(field(container, 'Loyalty rate %'), 'five');
    await click(button(container, 'Submit'));
    expect(fieldError(field(container, 'Loyalty rate %'))).toBe('Loyalty rate must be a number');
    typeInto(field(container, 'Loyalty rate %'), '-1');
    await click(button(container, 'Submit'));
    expect(fieldError(field(container, 'Loyalty rate %'))).toBe('Loyalty rate must be between 0 and 100');
    expect(sentTo(server, 'PUT /api/v1/loyalty/products')).toHaveLength(0);
  });

  it('sets the rate on every product and says how many', async () => {
    server.answers['PUT /api/v1/loyalty/products'] = envelope(200, { data: { loyaltyRate: 2.5, updated: 42 } });
    const container = await open();
    typeInto(field(container, 'Loyalty rate %'), ' 2.5 ');
    await click(button(container, 'Submit'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Loyalty point set successfully to products.'));
    expect(sentTo(server, 'PUT /api/v1/loyalty/products')[0]?.body).toEqual({ loyaltyRate: '2.5' });
    expect(container.querySelector('main [role="status"]')?.textContent).toBe(
      'Loyalty point set successfully to products. The rate is now 2.5% on 42 products.',
    );
  });

  it('shows the server’s refusal, else "Failed to set loyalty points!"', async () => {
    server.answers['PUT /api/v1/loyalty/products'] = envelope(403, { message: 'Only an admin can do this' });
    const container = await open();
    typeInto(field(container, 'Loyalty rate %'), '3');
    await click(button(container, 'Submit'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Only an admin can do this'));

    server.answers['PUT /api/v1/loyalty/products'] = envelope(502, '');
    await click(button(container, 'Submit'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to set loyalty points!'));
    expect(container.querySelector('.form-alert')?.textContent).toBe('Failed to set loyalty points!');
  });
});
