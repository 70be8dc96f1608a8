import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '@/features/catalog';
import type { Invoice } from '@/types/invoice';
import { isPositive } from '@/lib/decimal-text';

interface RedeemBoxProps {
  invoice: Invoice;
  currencyCode: string;
  busy: boolean;
  onRedeem: (amount: string) => Promise<boolean>;
}

/**
 * The Discount redeem box with its Redeem button: the amount of the customer's points
 * taken off this invoice. It replaces an earlier redemption (0 removes it); the server keeps it
 * within the customer's points and the amount due and says so when it is over.
 */
export function RedeemBox({ invoice, currencyCode, busy, onRedeem }: RedeemBoxProps) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const points = invoice.customer?.loyalityPoint;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = amount.trim();
    if (!typed || busy) return;
    if (await onRedeem(typed)) setAmount('');
  }

  return (
    <form className="redeem-box" onSubmit={handleSubmit} noValidate>
      <label className="redeem-box__label" htmlFor={id}>
        Discount redeem
      </label>
      <div className="redeem-box__row">
        <input
          id={id}
          className="field__input redeem-box__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-describedby={`${id}-points`}
        />
        <button type="submit" className="button button--secondary" disabled={busy || !amount.trim()}>
          Redeem
        </button>
      </div>
      <p id={`${id}-points`} className="redeem-box__points">
        {points === undefined ? 'Points: —' : `Points: ${formatMoney(points)}`}
        {isPositive(invoice.redeemAmount) && ` · redeemed ${formatMoney(invoice.redeemAmount, currencyCode)}`}
      </p>
    </form>
  );
}
