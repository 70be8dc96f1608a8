// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '../../stores/auth-store';
import { benStaff, cornerGrocery } from '../../test/identity-fixtures';
import { renderElement } from '../../test/render';
import type { TillRuntime } from './till-runtime-core';
import { TillRuntimeProvider, useTillRuntime } from './till-runtime';

function ShowRuntime() {
  const runtime = useTillRuntime();
  return <p>{runtime ? `Till of ${runtime.shopId}` : 'No till'}</p>;
}

let view: Awaited<ReturnType<typeof renderElement>> | undefined;

beforeEach(() => useAuthStore.setState(signedOut));
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe('till runtime provider', () => {
  it('gives screens the signed-in shop’s till, and null before and after', async () => {
    const stops: ReturnType<typeof vi.fn>[] = [];
    const start = vi.fn((shopId: string) => {
      const stop = vi.fn(async () => {});
      stops.push(stop);
      return { shopId, stop } as unknown as TillRuntime;
    });
    view = await renderElement(
      <TillRuntimeProvider start={start}>
        <ShowRuntime />
      </TillRuntimeProvider>,
    );
    expect(view.text()).toBe('No till');

    act(() => {
      useAuthStore.getState().setShop(cornerGrocery);
      useAuthStore.getState().setStaff(benStaff);
    });
    expect(view.text()).toBe('Till of shop-1');
    expect(start).toHaveBeenCalledExactlyOnceWith('shop-1');

    act(() => useAuthStore.getState().clearAdminAndStaff());
    expect(view.text()).toBe('No till');
    expect(stops[0]).toHaveBeenCalledTimes(1);
  });

  it('stops the till when the app unmounts', async () => {
    useAuthStore.setState({ ...signedOut, shopData: cornerGrocery, staffData: benStaff });
    const stop = vi.fn(async () => {});
    view = await renderElement(
      <TillRuntimeProvider start={(shopId) => ({ shopId, stop }) as unknown as TillRuntime}>
        <ShowRuntime />
      </TillRuntimeProvider>,
    );
    expect(view.text()).toBe('Till of shop-1');
    view.unmount();
    view = undefined;
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('runs no till in a browser without IndexedDB (the default start)', async () => {
    useAuthStore.setState({ ...signedOut, shopData: cornerGrocery, staffData: benStaff });
    expect(globalThis.indexedDB).toBeUndefined();
    view = await renderElement(
      <TillRuntimeProvider>
        <ShowRuntime />
      </TillRuntimeProvider>,
    );
    expect(view.text()).toBe('No till');
  });
});
