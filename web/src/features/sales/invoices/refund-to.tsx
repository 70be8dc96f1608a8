import { useId } from 'react';
import { FormAlert } from '@/components/form';
import { money, tenderName } from './format';
import type { RefundTo } from './use-refund-to';

interface RefundToFieldsProps {
  split: RefundTo;
  currencyCode: string;
  disabled?: boolean;
}

/**
 * "Money goes back to": one amount per method the sale was paid by, with what that method can
 * still give back. Core's refusal of the split is shown under the amounts and read with each.
 */
export function RefundToFields({ split, currencyCode, disabled }: RefundToFieldsProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <fieldset className="refund-to" disabled={disabled}>
      <legend className="refund-to__legend">Money goes back to</legend>
      {split.rows.map((row) => (
        <div className="refund-to__row" key={row.method}>
          <label className="refund-to__method" htmlFor={`${id}-${row.method}`}>
            <span className="visually-hidden">Refund to </span>
            {tenderName(row.method)}
          </label>
          <span className="refund-to__left" id={`${id}-${row.method}-left`}>
            {/* Store credit may take any part of a refund, whatever of it the sale took. */}
            {row.method === 'store-credit' ? 'any part of the refund' : row.left !== null && `up to ${money(row.left, currencyCode)}`}
          </span>
          <input
            id={`${id}-${row.method}`}
            className="field__input refund-to__input"
            inputMode="decimal"
            autoComplete="off"
            value={row.value}
            aria-invalid={split.message ? true : undefined}
            aria-describedby={split.message ? `${id}-${row.method}-left ${messageId}` : `${id}-${row.method}-left`}
            onChange={(event) => split.edit(row.method, event.target.value)}
          />
        </div>
      ))}
      {split.edited && (
        <button type="button" className="refund-to__reset" onClick={split.reset}>
          Reset
        </button>
      )}
      <div id={messageId} className="refund-to__message">
        <FormAlert message={split.message} />
      </div>
    </fieldset>
  );
}

/**
 * "Goes back as Swipe MVR 2.67, Cash MVR 27.33." for a split refund or one sending money to
 * store credit ("Cash MVR 10.00, Store credit MVR 20.00"), else the sale's one method.
 */
export function refundGoesTo(split: RefundTo, paidBy: string, currencyCode: string): string {
  const toCredit = split.parts?.some((part) => part.method === 'store-credit') ?? false;
  if (!split.shown || !split.parts || (!split.inParts && !toCredit)) return `Paid by ${paidBy}.`;
  return `Goes back as ${split.parts.map((part) => `${tenderName(part.method)} ${money(part.amount, currencyCode)}`).join(', ')}.`;
}
