import { SelectField, TextField } from '@/components/form';
import type { AuditQuery } from './audit-api';
import { auditEvents, eventWords } from './audit-events';
import { emptyAuditQuery, hasAuditFilters, toggledEvent, type AuditFilterErrors } from './audit-filters';

export interface PersonOption {
  value: string;
  label: string;
}

interface AuditFilterBarProps {
  draft: AuditQuery;
  errors: AuditFilterErrors;
  onChange: (draft: AuditQuery) => void;
  people: PersonOption[];
}

/**
 * The trail's filters: a date range in the shop's dates, the events (any number of them, in a
 * list that opens below its button) and the person. Each change narrows the list on the server.
 */
export function AuditFilterBar({ draft, errors, onChange, people }: AuditFilterBarProps) {
  const set = (name: 'from' | 'to' | 'user') => (value: string) => onChange({ ...draft, [name]: value });
  const eventsLabel =
    draft.events.length === 0 ? 'Any event' : draft.events.length === 1 ? eventWords(draft.events[0]!) : `${draft.events.length} events`;
  return (
    <div className="audit-filters" role="group" aria-label="Filter the audit trail">
      <TextField id="audit-filter-from" label="From" type="date" value={draft.from} onValueChange={set('from')} />
      <TextField id="audit-filter-to" label="To" type="date" value={draft.to} onValueChange={set('to')} error={errors.to} />
      <div className="field audit-filters__events">
        <span className="field__label" id="audit-filter-events-label">
          Events
        </span>
        <details className="audit-events">
          <summary className="field__input audit-events__summary" aria-describedby="audit-filter-events-label">
            {eventsLabel}
          </summary>
          <fieldset className="audit-events__list">
            <legend className="visually-hidden">Events to show</legend>
            {auditEvents.map((event) => (
              <label key={event} className="audit-events__option">
                <input
                  type="checkbox"
                  checked={draft.events.includes(event)}
                  onChange={() => onChange({ ...draft, events: toggledEvent(draft.events, event) })}
                />
                {eventWords(event)}
              </label>
            ))}
          </fieldset>
        </details>
      </div>
      <SelectField
        id="audit-filter-person"
        label="Person"
        value={draft.user}
        onValueChange={set('user')}
        options={[{ value: '', label: 'Anyone' }, ...people]}
      />
      <button
        type="button"
        className="button button--secondary audit-filters__clear"
        disabled={!hasAuditFilters(draft)}
        onClick={() => onChange(emptyAuditQuery)}
      >
        Clear filters
      </button>
    </div>
  );
}
