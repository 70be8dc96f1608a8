import { Gift } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { twoDecimals, shortCardNumber } from '../invoices/format';
import { DIALOG_CURRENCY } from './cash-received';
import { MethodButton, type Busy } from './method-button';

interface GiftCardTenderProps {
  /** The sale's gift card, once entered: its number and what core says may still be spent of it. */
  card: { number: string; left: string | null } | null;
  busy: Busy;
  /**
   * Checks the number as typed or scanned and makes it the sale's card; answers the refusal to
   * say in place (core's word on the number, an unknown card, a second card), or null.
   */
  onCheck: (typed: string) => Promise<string | null>;
  /** Takes the amount typed, or with none what the card can pay of the rest, from the card. */
  onTake: () => void;
}

/**
 * The gift card: "Gift card" opens a box for its number (a scanner types it and Enter), then the
 * card pays as "Gift card GC…7788: MVR 20.00 available" (core's `giftCardLeft`, the balance the
 * till learnt less this till's unsent uses). "Other gift card" enters another, which the sale takes
 * instead only while no part of it came from the first (a sale is paid by one gift card).
 */
export function GiftCardTender({ card, busy, onCheck, onTake }: GiftCardTenderProps) {
  const id = useId();
  const [entering, setEntering] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    const refusal = await onCheck(typed);
    setChecking(false);
    if (refusal) return setError(refusal);
    setEntering(false);
    setTyped('');
  }

  if (entering) {
    const errorId = `${id}-error`;
    return (
      <form className="payment-dialog__gift-card-entry" onSubmit={(event) => void check(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Gift card number
          </label>
          <div className="field__box">
            <input
              id={id}
              className="field__input"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              // The cashier scans or types the card at once: the box takes focus as it opens.
              autoFocus
              value={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                setError('');
              }}
            />
          </div>
          {error && (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="payment-dialog__gift-card-actions">
          <button type="submit" className="button button--primary" disabled={busy !== null} aria-busy={checking || undefined}>
            {checking && <span className="button__spinner" aria-hidden="true" />}
            {checking ? 'Checking…' : 'Check card'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={checking}
            onClick={() => {
              setEntering(false);
              setError('');
            }}
          >
            Back
          </button>
        </div>
      </form>
    );
  }

  if (!card) {
    return (
      <button type="button" className="button button--secondary payment-dialog__gift-card" disabled={busy !== null} onClick={() => setEntering(true)}>
        <Gift aria-hidden="true" />
        Gift card
      </button>
    );
  }

  return (
    <div className="payment-dialog__gift-card-known">
      <MethodButton
        label={`Gift card ${shortCardNumber(card.number)}: ${DIALOG_CURRENCY} ${twoDecimals(card.left ?? '0')} available`}
        busyLabel="Paying…"
        icon={<Gift aria-hidden="true" />}
        busy={busy}
        mine="gift"
        onClick={onTake}
      />
      <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => setEntering(true)}>
        Other gift card
      </button>
    </div>
  );
}
