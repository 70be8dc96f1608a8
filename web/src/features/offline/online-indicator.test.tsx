// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderElement } from '../../test/render';
import { goOffline, goOnline, installNetwork } from './network-fixture';
import { OnlineIndicator } from './online-indicator';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
beforeEach(installNetwork);
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const status = () => view!.container.querySelector('[role="status"]')!;

describe('online indicator', () => {
  it('is a status region whose text says Online or Offline as the network comes and goes', async () => {
    view = await renderElement(<OnlineIndicator className="top-bar__status" />);
    expect(status().textContent).toBe('Online');
    expect(status().classList).toContain('top-bar__status');
    goOffline();
    expect(status().textContent).toBe('Offline');
    expect(status().classList).toContain('online-indicator--offline');
    goOnline();
    expect(status().textContent).toBe('Online');
    expect(status().classList).toContain('online-indicator--online');
  });

  it('keeps its icon out of the accessible text', async () => {
    view = await renderElement(<OnlineIndicator />);
    expect(status().querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
