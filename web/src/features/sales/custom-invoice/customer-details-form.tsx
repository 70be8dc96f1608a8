import { Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextField } from '@/components/form';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import type { CustomerDetailsCustom } from '@/types/invoice';
import { detailsErrors, detailsOrder, PHONE_NUMBER_LENGTH, trimmedDetails, type DetailsField } from './customer-details';
import { changeFailure } from './use-custom-invoice';

const blank: CustomerDetailsCustom = { userName: '', phoneNumber: '', email: '', address: '' };

interface CustomerDetailsFormProps {
  /** The details saved so far (null: none yet). */
  details: CustomerDetailsCustom | null;
  /** Saves the details on the invoice (creating the invoice first when there is none). */
  save: (details: CustomerDetailsCustom) => Promise<unknown>;
  onSaved: () => void;
  /** Shown when the details are being changed (not the first time): back to the table. */
  onCancel?: () => void;
}

/**
 * A custom invoice first needs its customer (name, mobile, email, address), with
 * the message "Add customer details to continue."; saving them (which creates the invoice the
 * first time) unlocks the table.
 */
export function CustomerDetailsForm({ details, save, onSaved, onCancel }: CustomerDetailsFormProps) {
  const { values, errors, set, setErrors, idOf, focusFirst } = useFormFields<DetailsField>(details ?? blank);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = detailsErrors(values);
    setErrors(found);
    setFailure('');
    if (Object.values(found).some(Boolean)) {
      focusFirst(found, detailsOrder);
      return;
    }
    setPending(true);
    try {
      await save(trimmedDetails(values));
      notify.success(messages.customerDetailsAdded);
      onSaved();
    } catch (error) {
      // What was typed stays in the form, so Continue sends it again.
      const message = changeFailure(error, messages.customerDetailsFailed);
      setFailure(message);
      notify.error(message);
      setPending(false);
    }
  }

  const field = (name: DetailsField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <form className="custom-details" onSubmit={handleSubmit} noValidate aria-busy={pending}>
      <p className="custom-details__message">
        <Info aria-hidden="true" />
        Add customer details to continue.
      </p>
      <div className="form-grid">
        <TextField {...field('userName')} label="Customer name" autoComplete="off" autoCapitalize="words" required autoFocus />
        <TextField
          {...field('phoneNumber')}
          label="Mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PHONE_NUMBER_LENGTH}
          hint="7 digits"
          required
        />
        <TextField
          {...field('email')}
          label="Email (optional)"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField {...field('address')} label="Address (optional)" autoComplete="off" />
      </div>
      <FormAlert message={failure} />
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        )}
        <SubmitButton pending={pending} pendingLabel="Saving…" block={false}>
          Continue
        </SubmitButton>
      </div>
    </form>
  );
}
