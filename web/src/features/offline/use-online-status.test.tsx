// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderElement } from '../../test/render';
import { goOffline, goOnline, installNetwork, startOffline } from './network-fixture';
import { useOnlineStatus } from './use-online-status';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
beforeEach(installNetwork);
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

function Probe() {
  return <output>{useOnlineStatus() ? 'up' : 'down'}</output>;
}

const shown = () => view?.container.querySelector('output')?.textContent;

describe('useOnlineStatus', () => {
  it('follows navigator.onLine through the offline and online events', async () => {
    view = await renderElement(<Probe />);
    expect(shown()).toBe('up');
    goOffline();
    expect(shown()).toBe('down');
    goOnline();
    expect(shown()).toBe('up');
  });

  it('starts from the state the browser reports, not from an assumption', async () => {
    startOffline();
    view = await renderElement(<Probe />);
    expect(shown()).toBe('down');
  });

  it('stops listening when the last user unmounts', async () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    view = await renderElement(<Probe />);
    view.unmount();
    view = undefined;
    const events = removed.mock.calls.map(([type]) => type);
    expect(events).toEqual(expect.arrayContaining(['online', 'offline']));
  });
});
