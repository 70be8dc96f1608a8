import { Undo2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/form';
import { ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { refundAmount } from '../api/payments';
import { useTillData } from '../local/till-data-context';
import { refundInShift } from './refund-shift';
import type { Invoice } from '@/types/invoice';
import { money, paymentMethodName } from './format';
import { RefundLines } from './refund-lines';
import { checkRefundAmount, remainingRefundable } from './refund-math';
import { RefundToFields, refundGoesTo } from './refund-to';
import { useRefundTo } from './use-refund-to';

interface RefundPanelProps {
  invoice: Invoice;
  currencyCode: string;
  coreReady: boolean;
  /** The invoice as the server answers after a refund. */
  onRefunded: (invoice: Invoice) => void;
}

/**
 * An admin's refunds of a paid invoice (docs/api-payments.md): by amount, or by lines,
 * which also puts the goods back in stock. Partial refunds add up and never exceed what was
 * paid; what the core can see is refused in place before anything is sent, and every refund is
 * confirmed first with its amount and where its money goes: sent as soon as the field lost
 * focus, a tap elsewhere would move money (docs/counter.md). A sale paid in parts lets the admin
 * say how much goes back to each method (docs/api-payments.md "Refunds through tenders").
 */
export function RefundPanel({ invoice, currencyCode, coreReady, onRefunded }: RefundPanelProps) {
  const data = useTillData();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The amount checked and waiting for the admin's Refund in the confirmation.
  const [confirming, setConfirming] = useState<string | null>(null);
  const remaining = remainingRefundable(invoice, coreReady);
  const fullyRefunded = invoice.status === 'refunded';
  const typedAmount = amount.trim();
  const amountCheck = typedAmount ? checkRefundAmount(invoice, typedAmount, coreReady) : null;
  const split = useRefundTo(invoice, amountCheck?.ok ? typedAmount : null, coreReady);

  function askAmount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = amount.trim();
    if (!typed || pending || split.blocked) return;
    const check = checkRefundAmount(invoice, typed, coreReady);
    if (check && !check.ok) {
      setAmountError(check.message);
      return;
    }
    setConfirming(typed);
  }

  async function sendAmount(typed: string) {
    setPending(true);
    const to = split.to;
    try {
      const refunded = await refundInShift(data, invoice, (shiftRef) => refundAmount(invoice._id, typed, { shiftRef, to }));
      notify.success(messages.refundAccepted, { id: 'refund-accepted', position: 'top-right' });
      setAmount('');
      split.reset();
      onRefunded(refunded);
    } catch (error) {
      const message = errorMessage(error, messages.refundFailed);
      notify.error(message);
      setAmountError(message);
    } finally {
      setPending(false);
      setConfirming(null);
    }
  }

  return (
    <ScreenPanel className="refund-panel">
      <h2 className="refund-panel__title">
        <Undo2 aria-hidden="true" />
        Refund
      </h2>
      <dl className="refund-panel__figures">
        <div>
          <dt>Paid</dt>
          <dd>{money(invoice.totalAmount, currencyCode)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{money(invoice.refundedAmount, currencyCode)}</dd>
        </div>
        {remaining !== null && (
          <div>
            <dt>Remaining</dt>
            <dd>{money(remaining, currencyCode)}</dd>
          </div>
        )}
      </dl>
      {fullyRefunded ? (
        <p className="refund-panel__done">This invoice is fully refunded.</p>
      ) : (
        <>
          <form className="refund-panel__amount" onSubmit={askAmount} noValidate>
            <TextField
              id={amountId}
              label="Refund amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              readOnly={pending}
              aria-busy={pending || undefined}
              onValueChange={(value) => {
                setAmount(value);
                setAmountError(null);
              }}
              error={amountError}
              hint="Checked first; you confirm the amount before it is refunded."
            />
            {split.shown && typedAmount && <RefundToFields split={split} currencyCode={currencyCode} disabled={pending} />}
            <div className="form-actions">
              <button type="submit" className="button button--secondary" disabled={pending || !typedAmount || split.blocked}>
                Refund amount…
              </button>
            </div>
          </form>
          <RefundLines invoice={invoice} currencyCode={currencyCode} coreReady={coreReady} onRefunded={onRefunded} />
          <ConfirmDialog
            open={confirming !== null}
            message={`Refund ${money(confirming ?? '0', currencyCode)} of ${invoice.invoiceNumber}?`}
            detail={`${refundGoesTo(split, paymentMethodName(invoice.paymentMethod), currencyCode)} A refund cannot be undone.`}
            confirmLabel="Refund"
            tone="danger"
            busy={pending}
            busyLabel="Refunding…"
            onConfirm={() => confirming !== null && void sendAmount(confirming)}
            onCancel={() => setConfirming(null)}
          />
        </>
      )}
    </ScreenPanel>
  );
}

