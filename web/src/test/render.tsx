/**
 * Rendering a route table in a DOM for component tests (happy-dom), without extra libraries:
 * React's own `act`, a memory router, and a few helpers that act as a user would.
 */
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

export async function renderRoutes(routes: RouteObject[], path: string, wrap: (app: ReactNode) => ReactNode = (app) => app) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(wrap(<RouterProvider router={router} />)));
  return {
    container,
    router,
    pathname: () => router.state.location.pathname,
    text: () => container.textContent ?? '',
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * Lets pending promises and effects settle until `check` passes (or fails after ~1 s). Timed with
 * `performance.now()`, which tests that fake the date (to stand on a chosen today) leave running,
 * so a check that never passes fails here rather than looping past the test's end.
 */
export async function waitFor(check: () => void, timeoutMs = 1000): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

/** Types into a React-controlled input the way a browser reports it. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  act(() => {
    const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    setValue?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** The input a visible label names. */
export function field(container: HTMLElement, label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const input = labelElement && (container.ownerDocument.getElementById(labelElement.htmlFor) as HTMLInputElement | null);
  if (!input) throw new Error(`no field labelled "${label}"`);
  return input;
}

export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find(
    (candidate) => candidate.getAttribute('aria-label') === name || candidate.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button named "${name}"`);
  return found;
}

/** A fetch answer in the server's envelope. */
export function envelope(status: number, body: { message?: string; data?: unknown } | string): Response {
  if (typeof body === 'string') return new Response(body, { status });
  return new Response(JSON.stringify({ success: status < 400, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A key pressed on an element (keydown, bubbling), as a keyboard would report it. */
export function press(element: Element, key: string, init: KeyboardEventInit = {}): void {
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

/** Renders one element at "/", inside a router (links need one). */
export function renderElement(element: ReactNode) {
  return renderRoutes([{ path: '/', element }, { path: '*', element: <p>Elsewhere</p> }], '/');
}
