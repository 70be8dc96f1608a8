import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ScreenPanel } from '@/components/screen';
import './management.css';

interface CreatedPanelProps {
  title: string;
  /** The one thing to read out to the new person (e.g. their staff id), shown large. */
  highlight?: { label: string; value: string };
  facts: [string, string | null | undefined][];
  /** Where to go next. */
  children: ReactNode;
}

/** After a create: what was made, the fact that matters most in large type, and what next. */
export function CreatedPanel({ title, highlight, facts, children }: CreatedPanelProps) {
  return (
    <ScreenPanel className="created-panel">
      <div className="created-panel__header" role="status">
        <CircleCheck className="created-panel__icon" aria-hidden="true" />
        <h2 className="created-panel__title">{title}</h2>
      </div>
      {highlight && (
        <p className="created-panel__highlight">
          <span className="created-panel__highlight-label">{highlight.label}</span>
          <span className="created-panel__highlight-value">{highlight.value}</span>
        </p>
      )}
      <dl className="created-panel__facts">
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]))
          .map(([term, value]) => (
            <div key={term} className="created-panel__fact">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <div className="form-actions">{children}</div>
    </ScreenPanel>
  );
}
