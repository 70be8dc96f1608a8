// @vitest-environment happy-dom
/** The shop signup in the admin area: a form that checks a new shop and sends nothing. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../stores/auth-store';
import { sidebarDefaults, useSidebarStore } from '../stores/sidebar-store';
import { loadCore } from '../test/core';
import { aishaAdmin, cornerGrocery } from '../test/identity-fixtures';
import { button, click, envelope, field, renderRoutes, typeInto, waitFor } from '../test/render';
import { fieldError } from '../test/screens';
import { stubServer } from '../test/stub-server';
import { routes } from './routes';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('../lib/notify', () => ({ notify }));

let server: ReturnType<typeof stubServer>;
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function openSignup() {
  view = await renderRoutes(routes, '/admin/shop/signup');
  const { container } = view;
  await waitFor(() => field(container, 'Shop name'));
  return container;
}

/** Anything but the reads that open the admin area. */
const writes = () => server.requests().filter((request) => !request.key.startsWith('GET '));

function fill(container: HTMLElement, phoneNumber: string) {
  typeInto(field(container, 'Shop name'), ' Reef Hardware ');
  typeInto(field(container, 'Email'), 'reef@hardware.example');
  typeInto(field(container, 'Phone number'), phoneNumber);
  typeInto(field(container, 'Country name'), 'Maldives');
  typeInto(field(container, 'Currency code'), 'mvr');
  typeInto(field(container, 'Password'), 'hardware1');
}

beforeAll(loadCore);
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
  useAuthStore.setState(signedOut);
  useSidebarStore.setState(sidebarDefaults);
  server.answers['GET /api/v1/admin/check-logged'] = envelope(200, { data: aishaAdmin });
  server.answers['GET /api/v1/shop/check-login'] = envelope(200, { data: cornerGrocery });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('shop signup (/admin/shop/signup)', () => {
  it('says first that it creates no shop and that the super admin creates shops, and is not in the menu', async () => {
    const container = await openSignup();
    expect(container.querySelector('h1')?.textContent).toBe('Shop signup');
    const note = container.querySelector('[role="note"]')?.textContent ?? '';
    expect(note).toContain('This form does not create a shop.');
    expect(note).toContain('ask your super admin');
    expect(note).toContain('Nothing typed here leaves this screen.');
    for (const label of ['Shop name', 'Email', 'Phone number', 'Country name', 'Currency code', 'Password']) {
      expect(field(container, label).required, label).toBe(true);
    }
    expect(field(container, 'Phone number').maxLength).toBe('+960 7771234567'.length);
    expect(button(container, 'Check details').type).toBe('submit');
    expect(container.querySelector('nav[aria-label="Admin menu"] a[href="/admin/shop/signup"]')).toBeNull();
  });

  it('checks the details with Create shop’s rules, the phone number with the account rule', async () => {
    const container = await openSignup();
    await click(button(container, 'Check details'));
    expect(fieldError(field(container, 'Shop name'))).toBe('Enter the shop name.');
    expect(fieldError(field(container, 'Phone number'))).toBe('Enter the mobile number.');
    expect(fieldError(field(container, 'Password'))).toBe('Enter a password.');
    expect(document.activeElement).toBe(field(container, 'Shop name'));
    fill(container, '+91 98765');
    typeInto(field(container, 'Email'), 'reef@hardware');
    typeInto(field(container, 'Password'), 'hardware');
    await click(button(container, 'Check details'));
    expect(fieldError(field(container, 'Email'))).toBe('Invalid! email id!');
    expect(fieldError(field(container, 'Phone number'))).toBe('Invalid mobile number!');
    expect(fieldError(field(container, 'Password'))).toBe('Password must be at least 8 characters long and include at least one number.');
    expect(container.querySelector('form [role="status"]')?.textContent).toBe('');
    expect(writes()).toEqual([]);
  });

  it('confirms valid details, a phone number with a country code included, and still sends nothing', async () => {
    const container = await openSignup();
    fill(container, '+960-7771234567');
    await click(button(container, 'Check details'));
    const status = container.querySelector('form [role="status"]')?.textContent ?? '';
    expect(status).toContain('Reef Hardware: the details are complete and valid.');
    expect(status).toContain('Nothing was sent and no shop was created.');
    expect(status).toContain('+960-7771234567');
    expect(status).toContain('MVR');
    expect(status).not.toContain('hardware1');
    expect(container.querySelectorAll('.field__error')).toHaveLength(0);
    expect(writes()).toEqual([]);
    expect(notify.success).not.toHaveBeenCalled();

    typeInto(field(container, 'Shop name'), 'Reef Tools');
    expect(container.querySelector('form [role="status"]')?.textContent).toBe('');
  });
});
