import { useId, type ReactNode } from 'react';

interface DashboardPanelProps {
  title: string;
  /** Which part of the 12-column grid the panel takes on wide screens (dashboard.css). */
  area: 'categories' | 'performance' | 'days' | 'week' | 'month' | 'year';
  /** Beside the title: the panel's method tabs. */
  tools?: ReactNode;
  children: ReactNode;
}

/** One of the six dashboard panels: a titled card of the grid. */
export function DashboardPanel({ title, area, tools, children }: DashboardPanelProps) {
  const titleId = useId();
  return (
    <section className={`dashboard-panel dashboard-panel--${area}`} aria-labelledby={titleId}>
      <header className="dashboard-panel__header">
        <h2 id={titleId} className="dashboard-panel__title">
          {title}
        </h2>
        {tools}
      </header>
      <div className="dashboard-panel__body">{children}</div>
    </section>
  );
}
