import { useState, type FormEvent } from 'react';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useFormFields } from '@/lib/use-form-fields';
import { createCustomProduct, type CustomProduct, type CustomProductFields, type Unit } from '../api/products-api';
import { unitOptions } from '../choices';
import { AddedNote } from '../components/added-note';
import { useCatalogSession } from '../use-catalog-session';
import { useSubmit } from '../use-submit';
import { PRODUCT_NAME_MAX_CHARS, customProductErrors, hasErrors, trimmed } from '../validation';
import '../components/catalog.css';

type CustomField = keyof CustomProductFields;
const order: CustomField[] = ['productName', 'quantity', 'unit', 'sellingPrice'];
const blank: Record<CustomField, string> = { productName: '', quantity: '', unit: 'no', sellingPrice: '' };

/**
 * /admin/add/custom/product and /staff/add/custom/product: something sold that is
 * not in the catalogue (product name, quantity, unit, selling price). It is kept for the till
 * and not listed with the products. "Custom product added successfully", or the server's
 * message (else "Failed to add custom product!").
 */
export function AddCustomProductPage() {
  const { currencyCode } = useCatalogSession();
  const { values, errors, set, setErrors, idOf, focusFirst, reset } = useFormFields(blank);
  const { failure, setFailure, pending, send } = useSubmit(messages.customProductAdded, messages.customProductAddFailed);
  const [added, setAdded] = useState<CustomProduct | null>(null);
  const unit = values.unit as Unit;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body: CustomProductFields = { ...trimmed(values), unit };
    const found = customProductErrors(body);
    setErrors(found);
    if (hasErrors(found)) {
      setFailure('');
      focusFirst(found, order);
      return;
    }
    const product = await send(() => createCustomProduct(body));
    if (!product) return;
    setAdded(product);
    reset();
    document.getElementById(idOf('productName'))?.focus();
  }

  const field = (name: CustomField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <Screen
      title="Add custom product"
      description="Something sold once that is not in the catalogue. It is kept for the till, not listed with the products."
      width="narrow"
    >
      <ScreenPanel>
        {added && (
          <AddedNote>
            Added the custom product <strong>{added.productName}</strong> ({added.product_id}).
          </AddedNote>
        )}
        <form className="catalog-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <div className="form-grid">
            <TextField
              {...field('productName')}
              className="form-grid__wide"
              label="Product name"
              required
              autoComplete="off"
              maxLength={PRODUCT_NAME_MAX_CHARS}
              autoFocus
            />
            <TextField
              {...field('quantity')}
              label="Quantity"
              required
              inputMode={unit === 'no' ? 'numeric' : 'decimal'}
              autoComplete="off"
              hint={unit === 'no' ? 'Whole pieces.' : 'Up to 3 decimals.'}
            />
            <SelectField {...field('unit')} label="Unit" options={unitOptions} />
            <TextField
              {...field('sellingPrice')}
              label={currencyCode ? `Selling price (${currencyCode})` : 'Selling price'}
              required
              inputMode="decimal"
              autoComplete="off"
            />
          </div>
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Adding…" block={false}>
              Add custom product
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
