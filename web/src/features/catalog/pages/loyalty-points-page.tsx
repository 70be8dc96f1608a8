import { useId, useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { setLoyaltyRate, type LoyaltyRateSet } from '../api/products-api';
import { AddedNote } from '../components/added-note';
import { decimalText } from '../numbers';
import { useSubmit } from '../use-submit';
import { loyaltyRateError } from '../validation';
import '../components/catalog.css';

/**
 * /admin/loyalty/points: one text input for the loyalty rate and a Submit button,
 * setting the rate on every product of the shop (PUT /loyalty/products, admin only). "Loyalty
 * point set successfully to products.", then how many products now carry it.
 */
export function LoyaltyPointsPage() {
  const inputId = useId();
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<LoyaltyRateSet | null>(null);
  const { failure, setFailure, pending, send } = useSubmit(messages.loyaltySet, messages.loyaltySetFailed);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = loyaltyRateError(rate);
    setError(found);
    if (found) {
      setFailure('');
      document.getElementById(inputId)?.focus();
      return;
    }
    const set = await send(() => setLoyaltyRate(rate.trim()));
    if (set) setResult(set);
  }

  return (
    <Screen
      title="Loyalty points"
      description="One loyalty rate for every product of the shop: the points a customer earns, as a percentage of what they pay."
      width="narrow"
    >
      <ScreenPanel>
        {result && (
          <AddedNote>
            {messages.loyaltySet} The rate is now <strong>{decimalText(result.loyaltyRate)}%</strong> on{' '}
            {result.updated} {result.updated === 1 ? 'product' : 'products'}.
          </AddedNote>
        )}
        <form className="catalog-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <TextField
            id={inputId}
            name="loyaltyRate"
            label="Loyalty rate %"
            value={rate}
            onValueChange={(value) => {
              setRate(value);
              setError(null);
            }}
            error={error}
            required
            inputMode="decimal"
            autoComplete="off"
            hint="0 to 100. It replaces the rate of every product, including any set one by one."
            autoFocus
          />
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Submitting…" block={false}>
              Submit
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
