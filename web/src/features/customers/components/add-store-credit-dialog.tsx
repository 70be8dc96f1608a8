import { X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { FormAlert, RadioGroup, TextField } from '@/components/form';
import { useModal } from '@/components/modal';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { CoreError } from '@/lib/core';
import { loadBackOfficeCore, storeCreditTopUp } from '@/lib/core-back-office';
import './customers.css';
import { addStoreCredit, type StoreCreditEntry, type TopUpMethod } from '../api/customers-api';
import { money } from '../format';

interface AddStoreCreditDialogProps {
  customer: { _id: string; customerName: string };
  currencyCode: string;
  /**
   * Sends the top-up, naming the till's open shift when the money goes into its drawer (the
   * page passes the till's `topUpInShift`); `send` is the call itself.
   */
  sendInShift: (
    topUp: { ref: string; amount: string; method: TopUpMethod },
    send: (shiftRef?: string) => Promise<{ balance: number; entry: StoreCreditEntry }>,
  ) => Promise<{ balance: number; entry: StoreCreditEntry }>;
  /** After the server recorded it: the new balance and its ledger row. */
  onAdded: (added: { balance: number; entry: StoreCreditEntry }) => void;
  onClose: () => void;
}

/** Core's refusal of a top-up of `amount` by `method`, or null when core takes it (or is not loaded). */
async function topUpRefusal(amount: string, method: TopUpMethod): Promise<string | null> {
  try {
    await loadBackOfficeCore();
  } catch {
    return null;
  }
  try {
    storeCreditTopUp({ amount, method });
    return null;
  } catch (error) {
    if (error instanceof CoreError) return error.message;
    throw error;
  }
}

/** Digits with at most 2 decimals, as the server reads an amount. */
const amountPattern = /^\d+(\.\d{1,2})?$/;
export const TYPE_TOP_UP_AMOUNT = 'Enter an amount like 25.00';
const NOTE_MAX = 200;

const methodWords: Record<TopUpMethod, string> = { cash: 'in cash', 'internal-device': 'by swipe' };

type Step =
  | { name: 'form' }
  /** `ref` names this top-up: sent again after a failure, the server records it once. */
  | { name: 'confirm'; ref: string; amount: string }
  | { name: 'done'; balance: number };

/**
 * "Add store credit": the amount taken, Cash or Swipe, and a note; then a confirmation that
 * states the amount and the customer ("Add MVR 25.00 store credit for Aisha Ali, paid in
 * cash?"); then the new balance. The server checks the top-up (its refusal shows in place).
 */
export function AddStoreCreditDialog({ customer, currencyCode, sendInShift, onAdded, onClose }: AddStoreCreditDialogProps) {
  const titleId = useId();
  const amountId = useId();
  const noteId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [method, setMethod] = useState<TopUpMethod>('cash');
  const [note, setNote] = useState('');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');
  const close = () => {
    if (!pending) onClose();
  };
  const { onKeyDown } = useModal(dialogRef, {
    onDismiss: close,
    initialFocus: () => dialogRef.current?.querySelector<HTMLElement>('input, button') ?? null,
  });

  async function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = amount.trim();
    if (!amountPattern.test(typed)) return setAmountError(TYPE_TOP_UP_AMOUNT);
    // Core's rule for a top-up (above 0, at most the largest top-up), as the server applies it;
    // without the core (it failed to load) the server's answer says the same.
    const refusal = await topUpRefusal(typed, method);
    if (refusal) return setAmountError(refusal);
    setFailure('');
    // A fresh key for each top-up the admin confirms; a retry of this one keeps it.
    setStep({ name: 'confirm', ref: crypto.randomUUID(), amount: typed });
  }

  async function add(ref: string, typed: string) {
    setPending(true);
    setFailure('');
    const body = { amount: typed, method, ref, ...(note.trim() ? { note: note.trim() } : {}) };
    try {
      const added = await sendInShift({ ref, amount: typed, method }, (shiftRef) => addStoreCredit(customer._id, shiftRef ? { ...body, shiftRef } : body));
      onAdded(added);
      setStep({ name: 'done', balance: added.balance });
    } catch (error) {
      setFailure(errorMessage(error, messages.storeCreditAddFailed));
    } finally {
      setPending(false);
    }
  }

  return createPortal(
    <div
      className="store-credit-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div ref={dialogRef} className="store-credit-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy={pending || undefined} onKeyDown={onKeyDown}>
        <header className="store-credit-dialog__header">
          <h2 id={titleId} className="store-credit-dialog__title">
            Add store credit
          </h2>
          <button type="button" className="icon-button" aria-label="Close" title="Close" disabled={pending} onClick={close}>
            <X aria-hidden="true" />
          </button>
        </header>
        {step.name === 'form' && (
          <form className="store-credit-dialog__form" onSubmit={(event) => void review(event)} noValidate>
            <TextField
              id={amountId}
              label={`Amount${currencyCode ? ` (${currencyCode})` : ''}`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onValueChange={(value) => {
                setAmount(value);
                setAmountError(null);
              }}
              error={amountError}
            />
            <RadioGroup
              name={`${titleId}-method`}
              legend="Paid by"
              value={method}
              onValueChange={setMethod}
              options={[
                { value: 'cash', label: 'Cash' },
                { value: 'internal-device', label: 'Swipe' },
              ]}
            />
            <TextField id={noteId} label="Note (optional)" maxLength={NOTE_MAX} autoComplete="off" value={note} onValueChange={setNote} />
            <div className="form-actions">
              <button type="button" className="button button--secondary" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button--primary">
                Continue
              </button>
            </div>
          </form>
        )}
        {step.name === 'confirm' && (
          <div className="store-credit-dialog__form">
            <p className="store-credit-dialog__question">
              Add {money(step.amount, currencyCode)} store credit for {customer.customerName}, paid {methodWords[method]}?
            </p>
            <FormAlert message={failure} />
            <div className="form-actions">
              <button type="button" className="button button--secondary" disabled={pending} onClick={() => setStep({ name: 'form' })}>
                Back
              </button>
              <button type="button" className="button button--primary" aria-disabled={pending || undefined} onClick={() => !pending && void add(step.ref, step.amount)}>
                {pending && <span className="button__spinner" aria-hidden="true" />}
                {pending ? 'Adding…' : 'Add'}
              </button>
            </div>
          </div>
        )}
        {step.name === 'done' && (
          <div className="store-credit-dialog__form">
            <p className="store-credit-dialog__question" role="status">
              Store credit added. New balance: {money(step.balance, currencyCode)}
            </p>
            <div className="form-actions">
              <button type="button" className="button button--primary" onClick={onClose}>
                Done
              </button>
            </div>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
