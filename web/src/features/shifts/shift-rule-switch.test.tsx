// @vitest-environment happy-dom
/** The admin's switch for the shop's shift rule, against a stubbed server. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, envelope, renderRoutes, waitFor } from '@/test/render';
import { stubServer } from '@/test/stub-server';
import { ShiftRuleSwitch } from './shift-rule-switch';

let server: ReturnType<typeof stubServer>;
let unmount: (() => void) | null = null;
beforeEach(() => {
  server = stubServer();
  vi.stubGlobal('fetch', server.fetchMock);
});
afterEach(() => {
  unmount?.();
  vi.unstubAllGlobals();
});

const theSwitch = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('[role="switch"]');

describe("the shop's shift rule", () => {
  it('shows the rule as the server has it and turns it on with a PUT', async () => {
    server.answers['GET /api/v1/shop/shift-settings'] = envelope(200, { data: { requireOpenShift: false } });
    server.answers['PUT /api/v1/shop/shift-settings'] = envelope(200, { data: { requireOpenShift: true } });
    const view = await renderRoutes([{ path: '/', element: <ShiftRuleSwitch /> }], '/');
    unmount = view.unmount;
    await waitFor(() => expect(theSwitch(view.container)?.getAttribute('aria-checked')).toBe('false'));
    expect(view.text()).toContain('a till’s first sale opens its shift');

    await click(theSwitch(view.container)!);
    await waitFor(() => expect(theSwitch(view.container)?.getAttribute('aria-checked')).toBe('true'));
    expect(server.requests().at(-1)).toEqual({ key: 'PUT /api/v1/shop/shift-settings', body: { requireOpenShift: true } });
    expect(view.text()).toContain('A till sells only once its shift is open');
  });

  it('goes back to what the server keeps when the change is refused', async () => {
    server.answers['GET /api/v1/shop/shift-settings'] = envelope(200, { data: { requireOpenShift: false } });
    server.answers['PUT /api/v1/shop/shift-settings'] = envelope(403, { message: 'This needs an admin sign-in' });
    const view = await renderRoutes([{ path: '/', element: <ShiftRuleSwitch /> }], '/');
    unmount = view.unmount;
    await waitFor(() => expect(theSwitch(view.container)).not.toBeNull());
    await click(theSwitch(view.container)!);
    await waitFor(() => expect(server.requests().some((request) => request.key.startsWith('PUT'))).toBe(true));
    await waitFor(() => expect(theSwitch(view.container)?.getAttribute('aria-checked')).toBe('false'));
  });
});
