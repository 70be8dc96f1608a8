import { useId, useRef, useState, type FormEvent } from 'react';
import { FormAlert, RadioGroup, TextField } from '@/components/form';
import type { ShopArea } from '@/config/paths';
import { messages } from '@/config/messages';
import { useOnlineStatus } from '@/features/offline';
import { errorMessage } from '@/lib/api-client';
import { CoreError, giftCardLoad } from '@/lib/core';
import { notify } from '@/lib/notify';
import { TillDialog } from '../cart/till-dialog';
import { findGiftCard, type GiftCardLoadMethod } from '../api/gift-cards';
import { money } from '../invoices/format';
import { giftCardNumberOf } from '../local/gift-card';
import type { TillData } from '../local/till-data';
import { refusalMessage } from '../local/till-data';
import { GiftCardBalance } from './gift-card-balance';
import { lookUpGiftCard, type GiftCardLookUp } from './look-up-gift-card';
import { sellGiftCard } from './sell-gift-card';
import './gift-card.css';

interface GiftCardDialogProps {
  data: TillData | null;
  currencyCode: string;
  timeZone: string | undefined;
  area: ShopArea;
  /** Who takes the money (the shift's pay in names them). */
  userName: string;
  onClose: () => void;
}

export const SELLING_NEEDS_CONNECTION = 'Selling a gift card needs a connection';
export const TYPE_LOAD_AMOUNT = 'Enter an amount like 50.00';

/** Digits with at most 2 decimals, as the server reads an amount. */
const amountPattern = /^\d+(\.\d{1,2})?$/;

const methodWords: Record<GiftCardLoadMethod, string> = { cash: 'in cash', 'internal-device': 'by swipe' };

type Step =
  | { name: 'form' }
  /**
   * `ref` names this sale: sent again after a failure, the server records it once. `balance` is
   * what a card sold before holds (it takes more money), null for a new card.
   */
  | { name: 'confirm'; ref: string; number: string; amount: string; method: GiftCardLoadMethod; balance: string | null }
  | { name: 'done'; number: string; balance: string; sold: boolean };

/** The question before the money is taken, naming amount, card and method. */
function question(step: Extract<Step, { name: 'confirm' }>, currencyCode: string): string {
  const amount = money(step.amount, currencyCode);
  if (step.balance === null) return `Sell gift card ${step.number} for ${amount} ${methodWords[step.method]}?`;
  return `Load ${amount} onto gift card ${step.number} ${methodWords[step.method]}? It holds ${money(step.balance, currencyCode)} now.`;
}

/**
 * "Gift card" at the till: the card's number (scanned or typed), then either Check balance (the
 * balance and the card's ledger; offline, what this till last learnt) or an amount with Cash or
 * Swipe to sell the card (or load one sold before). Core checks the number and the amount; a
 * confirmation names them before the money is taken; the server records it (online only), cash
 * going into the till's open shift; then the new balance.
 */
export function GiftCardDialog({ data, currencyCode, timeZone, area, userName, onClose }: GiftCardDialogProps) {
  const numberId = useId();
  const amountId = useId();
  const methodName = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const online = useOnlineStatus();
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [method, setMethod] = useState<GiftCardLoadMethod>('cash');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [checked, setChecked] = useState<GiftCardLookUp | null>(null);
  const [pending, setPending] = useState<'check' | 'review' | 'sell' | null>(null);
  const [failure, setFailure] = useState('');
  const close = () => {
    if (pending !== 'sell') onClose();
  };

  /** The number as core normalises it, or null with core's word said at the field. */
  function cardNumber(): string | null {
    try {
      return giftCardNumberOf(number);
    } catch (error) {
      setNumberError(refusalMessage(error, messages.somethingWentWrong));
      return null;
    }
  }

  async function checkBalance() {
    if (pending || !data) return;
    const card = cardNumber();
    if (!card) return;
    setPending('check');
    setFailure('');
    setChecked(null);
    try {
      setChecked(await lookUpGiftCard(data, card, online));
    } catch (error) {
      setFailure(refusalMessage(error, errorMessage(error, messages.giftCardLoadFailed)));
    } finally {
      setPending(null);
    }
  }

  async function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!online) return setFailure(SELLING_NEEDS_CONNECTION);
    const card = cardNumber();
    if (!card) return;
    const typed = amount.trim();
    if (!amountPattern.test(typed)) return setAmountError(TYPE_LOAD_AMOUNT);
    try {
      // Core's rules for the sale of a card, as the server applies them.
      giftCardLoad({ number: card, amount: typed, method });
    } catch (error) {
      if (!(error instanceof CoreError)) throw error;
      return error.field === 'number' ? setNumberError(error.message) : setAmountError(error.message);
    }
    setPending('review');
    setFailure('');
    try {
      // Whether the card was sold before, so the question says which it is.
      const known = await findGiftCard(card);
      // A fresh key for each sale the cashier confirms; a retry of this one keeps it.
      setStep({ name: 'confirm', ref: crypto.randomUUID(), number: card, amount: typed, method, balance: known?.balance ?? null });
    } catch (error) {
      setFailure(errorMessage(error, SELLING_NEEDS_CONNECTION));
    } finally {
      setPending(null);
    }
  }

  async function sell(confirm: Extract<Step, { name: 'confirm' }>) {
    if (pending) return;
    setPending('sell');
    setFailure('');
    try {
      const { card, entry } = await sellGiftCard(data, { ...confirm, by: userName });
      const sold = entry.kind === 'sold';
      notify.success(`Gift card ${card.number} ${sold ? 'sold' : 'loaded'}. Balance: ${money(card.balance, currencyCode)}`);
      setStep({ name: 'done', number: card.number, balance: card.balance, sold });
    } catch (error) {
      setFailure(errorMessage(error, messages.giftCardSellFailed));
    } finally {
      setPending(null);
    }
  }

  return (
    <TillDialog title="Gift card" onClose={close} className="gift-card-dialog" initialFocus="input">
      {step.name === 'form' && (
        <form className="till-dialog__form" onSubmit={(event) => void review(event)} noValidate aria-busy={pending !== null || undefined}>
          <div className="gift-card-dialog__number">
            <TextField
              id={numberId}
              label="Gift card number"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={number}
              error={numberError}
              onValueChange={(value) => {
                setNumber(value);
                setNumberError(null);
                setChecked(null);
              }}
              onKeyDown={(event) => {
                // A scanner ends the number with Enter: the amount comes next.
                if (event.key !== 'Enter' || amount.trim()) return;
                event.preventDefault();
                amountRef.current?.focus();
              }}
            />
            <button type="button" className="button button--secondary" disabled={pending !== null} aria-busy={pending === 'check' || undefined} onClick={() => void checkBalance()}>
              {pending === 'check' && <span className="button__spinner" aria-hidden="true" />}
              Check balance
            </button>
          </div>
          {checked && <GiftCardBalance card={checked} currencyCode={currencyCode} timeZone={timeZone} area={area} />}
          <TextField
            ref={amountRef}
            id={amountId}
            label={`Amount${currencyCode ? ` (${currencyCode})` : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={amountError}
            onValueChange={(value) => {
              setAmount(value);
              setAmountError(null);
            }}
          />
          <RadioGroup
            name={methodName}
            legend="Paid by"
            value={method}
            onValueChange={setMethod}
            options={[
              { value: 'cash', label: 'Cash' },
              { value: 'internal-device', label: 'Swipe' },
            ]}
          />
          {!online && <p className="gift-card-dialog__offline">{SELLING_NEEDS_CONNECTION}.</p>}
          <FormAlert message={failure} />
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={!online} aria-busy={pending === 'review' || undefined}>
              {pending === 'review' && <span className="button__spinner" aria-hidden="true" />}
              Continue
            </button>
          </div>
        </form>
      )}
      {step.name === 'confirm' && (
        <div className="till-dialog__form">
          <p className="gift-card-dialog__question">{question(step, currencyCode)}</p>
          <FormAlert message={failure} />
          <div className="form-actions">
            <button type="button" className="button button--secondary" disabled={pending !== null} onClick={() => setStep({ name: 'form' })}>
              Back
            </button>
            <button type="button" className="button button--primary" aria-disabled={pending !== null || undefined} onClick={() => void sell(step)}>
              {pending === 'sell' && <span className="button__spinner" aria-hidden="true" />}
              {pending === 'sell' ? 'Selling…' : step.balance === null ? 'Sell' : 'Load'}
            </button>
          </div>
        </div>
      )}
      {step.name === 'done' && (
        <div className="till-dialog__form">
          <p className="gift-card-dialog__question" role="status">
            Gift card {step.number} {step.sold ? 'sold' : 'loaded'}. Balance: {money(step.balance, currencyCode)}
          </p>
          <div className="form-actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </TillDialog>
  );
}
