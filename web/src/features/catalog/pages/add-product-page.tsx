import { Sparkles } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { loadBackOfficeCore } from '@/lib/core-back-office';
import { useServerData } from '@/lib/use-server-data';
import { useFormFields } from '@/lib/use-form-fields';
import { listCategories, type Category } from '../api/categories-api';
import { createProduct, type DiscountType, type Product, type ProductFields, type Unit } from '../api/products-api';
import { discountTypeOptions, unitOptions } from '../choices';
import { AddedNote } from '../components/added-note';
import { CategorySelect } from '../components/category-select';
import { FormSection } from '../components/form-section';
import { useCatalogSession } from '../use-catalog-session';
import { useSubmit } from '../use-submit';
import { BARCODE_MAX_CHARS, PRODUCT_NAME_MAX_CHARS, hasErrors, productErrors, trimmed, type ProductField } from '../validation';
import '../components/catalog.css';

type FormValues = Required<Record<ProductField, string>>;
const order: ProductField[] = [
  'productName', 'barcodeNumber', 'category', 'quantity', 'unit', 'reorderLevel', 'costPrice', 'costPriceProfit', 'sellingPrice',
  'discount', 'discountType', 'productTax', 'loyaltyRate',
];
const blank: FormValues = {
  productName: '', barcodeNumber: '', category: '', quantity: '', unit: 'no', reorderLevel: '', costPrice: '', costPriceProfit: '',
  sellingPrice: '', discount: '', discountType: 'percentage', productTax: '', loyaltyRate: '',
};
const numberFields = ['quantity', 'costPrice', 'costPriceProfit', 'sellingPrice', 'discount', 'productTax', 'loyaltyRate'] as const;

/**
 * The request body: trimmed, blank numbers as 0 (the server's default too), no reorder level
 * when it is blank, tax and loyalty for an admin only.
 */
function productBody(values: FormValues, isAdmin: boolean): ProductFields {
  const body = trimmed(values);
  for (const field of numberFields) body[field] ||= '0';
  const { productTax, loyaltyRate, unit, discountType, reorderLevel, ...rest } = body;
  const common = { ...rest, ...(reorderLevel ? { reorderLevel } : {}), unit: unit as Unit, discountType: discountType as DiscountType };
  return isAdmin ? { ...common, productTax, loyaltyRate } : common;
}

/**
 * /admin/add/product and /staff/add/product: the product fields, with
 * tax and loyalty rate for the admin only. Checked here with the server's rules
 * first (the reorder level by core, for the chosen unit); "Product added successfully!", or the server's message (else "Failed to add product.").
 * After an add the form keeps its category, unit and discount type, for the next product of
 * the same kind. A barcode scanner ends its code with Enter: in the barcode field that moves on
 * to the category instead of sending the form.
 */
export function AddProductPage() {
  const { can, isAdmin, currencyCode, paths } = useCatalogSession();
  const { values, errors, set, setErrors, idOf, focusFirst } = useFormFields(blank);
  const { failure, setFailure, pending, send } = useSubmit(messages.productAdded, messages.productAddFailed);
  const [added, setAdded] = useState<Product | null>(null);
  const loadCategories = useCallback((signal: AbortSignal) => listCategories(signal), []);
  const categories = useServerData<Category[]>(can('category_read') ? loadCategories : null, messages.categoriesLoadFailed);
  const money = currencyCode ? ` (${currencyCode})` : '';

  // The reorder level's rule is in the back office's module: fetched while the form is filled in.
  useEffect(() => {
    loadBackOfficeCore().catch(() => undefined);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    try {
      await loadBackOfficeCore();
    } catch (error) {
      // The server checks the reorder level with the same rule: its answer decides.
      console.error('The reorder level check is unavailable', error);
    }
    const checked = isAdmin ? values : { ...values, productTax: undefined, loyaltyRate: undefined };
    const found = productErrors({ ...checked, unit: values.unit as Unit, discountType: values.discountType as DiscountType });
    setErrors(found);
    if (hasErrors(found)) {
      setFailure('');
      focusFirst(found, order);
      return;
    }
    const product = await send(() => createProduct(productBody(values, isAdmin)));
    if (!product) return;
    setAdded(product);
    for (const field of order) {
      if (field !== 'category' && field !== 'unit' && field !== 'discountType') set(field, blank[field]);
    }
    document.getElementById(idOf('productName'))?.focus();
  }

  function moveOnFromBarcode(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    document.getElementById(idOf('category'))?.focus();
  }

  const field = (name: ProductField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });
  const numeric = { inputMode: 'decimal' as const, autoComplete: 'off', placeholder: '0' };

  return (
    <Screen
      title="Add product"
      description="A product for the till, with its stock and price."
      width="narrow"
      tools={
        // The custom product form is routed beside this one; the cart links to it too.
        <Link to={paths.addCustomProduct} className="button button--secondary">
          <Sparkles aria-hidden="true" />
          Custom product
        </Link>
      }
    >
      <ScreenPanel>
        {added && (
          <AddedNote view={can('product_read') ? { to: paths.products, label: 'View products' } : undefined}>
            Added <strong>{added.productName}</strong> as {added.product_id}.
          </AddedNote>
        )}
        <form className="catalog-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <FormSection legend="Product">
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
              {...field('barcodeNumber')}
              label="Barcode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={BARCODE_MAX_CHARS}
              hint="Optional. Scan it or type it."
              onKeyDown={moveOnFromBarcode}
            />
            <CategorySelect
              {...field('category')}
              categories={categories.state}
              onRetry={categories.reload}
              addCategoryPath={can('category_create') ? paths.addCategory : null}
            />
          </FormSection>
          <FormSection legend="Stock">
            <TextField
              {...field('quantity')}
              {...numeric}
              inputMode={values.unit === 'no' ? 'numeric' : 'decimal'}
              label="Quantity"
              hint={values.unit === 'no' ? 'Whole pieces in stock.' : 'In stock, up to 3 decimals.'}
            />
            <SelectField {...field('unit')} label="Unit" options={unitOptions} />
            <TextField
              {...field('reorderLevel')}
              {...numeric}
              placeholder=""
              inputMode={values.unit === 'no' ? 'numeric' : 'decimal'}
              label="Reorder level"
              hint="Optional. At or below it, the product shows as low stock. In the product's unit."
            />
          </FormSection>
          <FormSection legend="Price">
            <TextField {...field('costPrice')} {...numeric} label={`Cost price${money}`} />
            <TextField
              {...field('costPriceProfit')}
              {...numeric}
              label="Cost price profit %"
              hint="The markup on cost, used when there is no selling price."
            />
            <TextField
              {...field('sellingPrice')}
              {...numeric}
              label={`Selling price${money}`}
              hint="Leave at 0 to sell at cost plus profit."
            />
          </FormSection>
          <FormSection legend="Discount">
            <TextField
              {...field('discount')}
              {...numeric}
              label={values.discountType === 'flat' ? `Discount${money}` : 'Discount %'}
              hint={values.discountType === 'flat' ? 'Taken off each unit.' : 'Of the price, 0 to 100.'}
            />
            <SelectField {...field('discountType')} label="Discount type" options={discountTypeOptions} />
          </FormSection>
          {isAdmin && (
            <FormSection legend="Tax and loyalty">
              <TextField {...field('productTax')} {...numeric} label="Product tax %" />
              <TextField
                {...field('loyaltyRate')}
                {...numeric}
                label="Loyalty rate %"
                hint="Points a customer earns, as a share of what they pay."
              />
            </FormSection>
          )}
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Adding…" block={false}>
              Add product
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
