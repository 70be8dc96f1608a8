import { SelectField, TextField } from '@/components/form';
import type { PaymentMethod } from '@/types/invoice';
import { paymentMethodName } from './format';
import { emptyDraft, hasFilters, type FilterDraft, type FilterErrors } from './invoice-filters';

const methods: PaymentMethod[] = ['cash', 'internal-device', 'digital'];
const methodOptions = [{ value: '', label: 'Any' }, ...methods.map((method) => ({ value: method, label: paymentMethodName(method) }))];

interface InvoiceFilterBarProps {
  draft: FilterDraft;
  errors: FilterErrors;
  onChange: (draft: FilterDraft) => void;
  /** Custom invoices are never paid: no method to filter by. */
  withMethod: boolean;
  /** What the dates are on this tab: "Paid", "Refunded" or "Created". */
  dateLabel: string;
}

/**
 * The list's filters beside the search box: a date range in the shop's dates, the payment
 * method and the total's range. Each change narrows the list on the server.
 */
export function InvoiceFilterBar({ draft, errors, onChange, withMethod, dateLabel }: InvoiceFilterBarProps) {
  const set = (name: keyof FilterDraft) => (value: string) => onChange({ ...draft, [name]: value });
  return (
    <div className="invoice-filters" role="group" aria-label="Filter invoices">
      <TextField id="invoice-filter-from" label={`${dateLabel} from`} type="date" value={draft.from} onValueChange={set('from')} error={errors.from} />
      <TextField id="invoice-filter-to" label={`${dateLabel} to`} type="date" value={draft.to} onValueChange={set('to')} error={errors.to} />
      {withMethod && <SelectField id="invoice-filter-method" label="Method" value={draft.method} onValueChange={set('method')} options={methodOptions} />}
      <TextField
        id="invoice-filter-min"
        label="Total from"
        inputMode="decimal"
        placeholder="0.00"
        value={draft.minAmount}
        onValueChange={set('minAmount')}
        error={errors.minAmount}
      />
      <TextField
        id="invoice-filter-max"
        label="Total to"
        inputMode="decimal"
        placeholder="0.00"
        value={draft.maxAmount}
        onValueChange={set('maxAmount')}
        error={errors.maxAmount}
      />
      <button type="button" className="button button--secondary invoice-filters__clear" disabled={!hasFilters(draft)} onClick={() => onChange(emptyDraft)}>
        Clear filters
      </button>
    </div>
  );
}
