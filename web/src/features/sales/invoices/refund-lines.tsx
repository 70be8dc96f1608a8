import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { refundLines } from '../api/payments';
import { useTillData } from '../local/till-data-context';
import { refundInShift } from './refund-shift';
import type { Invoice } from '@/types/invoice';
import { money, paymentMethodName, quantityText } from './format';
import { checkRefundLines, returnedLines } from './refund-math';
import { RefundToFields, refundGoesTo } from './refund-to';
import { useRefundTo } from './use-refund-to';

interface RefundLinesProps {
  invoice: Invoice;
  currencyCode: string;
  coreReady: boolean;
  onRefunded: (invoice: Invoice) => void;
}

/**
 * A refund by lines (the contract's extension): how much of each line comes back; the core
 * says what that refunds (each line's share of what was paid), the admin confirms that amount,
 * the goods and where the money goes, then it is sent and the server restocks the goods.
 */
export function RefundLines({ invoice, currencyCode, coreReady, onRefunded }: RefundLinesProps) {
  const data = useTillData();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const chosen = returnedLines(quantities);
  const check = chosen.length > 0 ? checkRefundLines(invoice, quantities, coreReady) : null;
  const split = useRefundTo(invoice, check?.ok ? check.value.amount : null, coreReady);
  const refusable = chosen.length === 0 || Boolean(check && !check.ok) || split.blocked;
  const goods = chosen
    .map(({ productId, quantity }) => {
      const line = invoice.products.find((candidate) => candidate.productId === productId);
      return line ? `${quantity} ${line.unit} ${line.productName}` : null;
    })
    .filter((text) => text !== null)
    .join(', ');

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending && !refusable) setConfirming(true);
  }

  async function send() {
    if (pending || refusable) return;
    setPending(true);
    setFailure('');
    const to = split.to;
    try {
      const refunded = await refundInShift(data, invoice, (shiftRef) => refundLines(invoice._id, chosen, { shiftRef, to }));
      notify.success(messages.refundAccepted, { id: 'refund-accepted', position: 'top-right' });
      setQuantities({});
      split.reset();
      onRefunded(refunded);
    } catch (error) {
      const message = errorMessage(error, messages.refundFailed);
      notify.error(message);
      setFailure(message);
    } finally {
      setPending(false);
      setConfirming(false);
    }
  }

  return (
    <form className="refund-lines__form" onSubmit={ask} noValidate>
      <fieldset className="refund-lines" disabled={pending}>
        <legend className="refund-lines__legend">Or return goods</legend>
        <table className="refund-lines__table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="refund-lines__number">
                Sold
              </th>
              <th scope="col" className="refund-lines__number">
                Returned
              </th>
              <th scope="col" className="refund-lines__number">
                Return now
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.products.map((line) => (
              <tr key={line._id || line.productId}>
                <td>{line.productName}</td>
                <td className="refund-lines__number">
                  {quantityText(line.quantity)} {line.unit}
                </td>
                <td className="refund-lines__number">{quantityText(line.refundedQuantity)}</td>
                <td className="refund-lines__number">
                  <input
                    className="field__input refund-lines__input"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={`Return quantity of ${line.productName}`}
                    value={quantities[line.productId] ?? ''}
                    onChange={(event) => {
                      const value = event.target.value;
                      setQuantities((current) => ({ ...current, [line.productId]: value }));
                      setFailure('');
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {check?.ok && (
          <p className="refund-lines__preview" aria-live="polite">
            Refund for these goods: {money(check.value.amount, currencyCode)}
          </p>
        )}
        {split.shown && check?.ok && <RefundToFields split={split} currencyCode={currencyCode} />}
        <FormAlert message={check && !check.ok ? check.message : failure} />
        <div className="form-actions">
          <button type="submit" className="button button--secondary" disabled={pending || refusable}>
            Refund returned goods…
          </button>
        </div>
        <ConfirmDialog
          open={confirming}
          message={check?.ok ? `Refund ${money(check.value.amount, currencyCode)} for the returned goods?` : 'Refund the returned goods?'}
          detail={`Returned: ${goods}. They go back into stock. ${refundGoesTo(split, paymentMethodName(invoice.paymentMethod), currencyCode)} A refund cannot be undone.`}
          confirmLabel="Refund"
          tone="danger"
          busy={pending}
          busyLabel="Refunding…"
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      </fieldset>
    </form>
  );
}
