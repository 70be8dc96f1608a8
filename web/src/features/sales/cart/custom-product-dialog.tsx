import { useState, type FormEvent } from 'react';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/form';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import {
  createCustomProduct, customProductErrors, hasErrors, PRODUCT_NAME_MAX_CHARS, trimmed, unitOptions,
  type CustomProduct, type CustomProductFields,
} from '@/features/catalog';
import { TillDialog } from './till-dialog';

type CustomField = keyof CustomProductFields;
const order: CustomField[] = ['productName', 'quantity', 'unit', 'sellingPrice'];
const blank: Record<CustomField, string> = { productName: '', quantity: '1', unit: 'no', sellingPrice: '' };

interface CustomProductDialogProps {
  currencyCode: string;
  onClose: () => void;
  /** With the custom product the server made; the cart then adds it. */
  onCreated: (product: CustomProduct) => Promise<void>;
}

/**
 * The top bar's Custom product: something sold once that is not in the catalogue (name,
 * quantity, unit, selling price; the catalogue's own rules). It is created
 * (`POST /custom-product/create`, "Custom product added successfully") and then added to the cart.
 */
export function CustomProductDialog({ currencyCode, onClose, onCreated }: CustomProductDialogProps) {
  const { values, errors, set, setErrors, idOf, focusFirst } = useFormFields(blank);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const unit = values.unit as CustomProductFields['unit'];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body: CustomProductFields = { ...trimmed(values), unit };
    const found = customProductErrors(body);
    setErrors(found);
    setFailure('');
    if (hasErrors(found)) {
      focusFirst(found, order);
      return;
    }
    setPending(true);
    try {
      const product = await createCustomProduct(body);
      notify.success(messages.customProductAdded);
      await onCreated(product);
    } catch (error) {
      const message = errorMessage(error, messages.customProductAddFailed);
      setFailure(message);
      notify.error(message);
      setPending(false);
    }
  }

  const field = (name: CustomField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <TillDialog title="Add custom product" onClose={onClose}>
      <form className="till-dialog__form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
        <TextField {...field('productName')} label="Product name" required autoComplete="off" maxLength={PRODUCT_NAME_MAX_CHARS} />
        <div className="till-dialog__pair">
          <TextField {...field('quantity')} label="Quantity" required inputMode={unit === 'no' ? 'numeric' : 'decimal'} autoComplete="off" />
          <SelectField {...field('unit')} label="Unit" options={unitOptions} />
        </div>
        <TextField
          {...field('sellingPrice')}
          label={currencyCode ? `Selling price (${currencyCode})` : 'Selling price'}
          required
          inputMode="decimal"
          autoComplete="off"
        />
        <FormAlert message={failure} />
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton pending={pending} pendingLabel="Adding…" block={false}>
            Add to cart
          </SubmitButton>
        </div>
      </form>
    </TillDialog>
  );
}
