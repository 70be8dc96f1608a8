import type { KeyboardEvent } from 'react';
import type { SalesMethod } from '../types';

/** The tabs, All first (the default); Swipe is the internal device, Stripe the card checkout. */
export const methodTabs: { method: SalesMethod; label: string }[] = [
  { method: 'all', label: 'All' },
  { method: 'cash', label: 'Cash' },
  { method: 'internal-device', label: 'Swipe' },
  { method: 'digital', label: 'Stripe' },
];

interface MethodTabsProps {
  /** Names the tab list: "Weekly Sales Trends payment method". */
  chartName: string;
  idPrefix: string;
  method: SalesMethod;
  onChoose: (method: SalesMethod) => void;
  /** The id of the chart the tabs control. */
  panelId: string;
}

export const methodTabId = (idPrefix: string, method: SalesMethod) => `${idPrefix}-tab-${method}`;

/**
 * Exactly one of All, Cash, Swipe and Stripe is active per bar chart. A WAI-ARIA
 * tab list: the arrow keys, Home and End move between the tabs and choose at once.
 */
export function MethodTabs({ chartName, idPrefix, method, onChoose, panelId }: MethodTabsProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = methodTabs.findIndex((tab) => tab.method === method);
    const last = methodTabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const chosen = methodTabs[next]!.method;
    onChoose(chosen);
    document.getElementById(methodTabId(idPrefix, chosen))?.focus();
  }

  return (
    <div className="method-tabs" role="tablist" aria-label={`${chartName} payment method`} onKeyDown={handleKeyDown}>
      {methodTabs.map((tab) => (
        <button
          key={tab.method}
          id={methodTabId(idPrefix, tab.method)}
          type="button"
          role="tab"
          className="method-tabs__tab"
          aria-selected={tab.method === method}
          aria-controls={panelId}
          tabIndex={tab.method === method ? 0 : -1}
          onClick={() => onChoose(tab.method)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
