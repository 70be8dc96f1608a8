import { Trash2 } from 'lucide-react';
import { Fragment, useRef, useState } from 'react';
import { TableButton } from '@/components/data-table';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { addCustomInvoiceProduct, removeCustomInvoiceProduct, type PricedChoice } from '../api/custom-invoices';
import { sameAmount } from '../cart/cart-totals';
import { quantityText, twoDecimals } from '../invoices/format';
import type { Invoice } from '@/types/invoice';
import { customInvoiceFigures, type LineFigures } from './amounts';
import { previewLine } from './line-preview';
import { ProductAutocomplete } from './product-autocomplete';
import { changeFailure, type InvoiceChange } from './use-custom-invoice';

interface CustomInvoiceTableProps {
  invoice: Invoice;
  /** Sends a change to the invoice (see useCustomInvoice). */
  change: (send: InvoiceChange) => Promise<Invoice>;
  products: readonly PricedChoice[];
  coreReady: boolean;
}

/**
 * The editable table: No, Title, Quantity, Unit, Price, Total Price, Actions, then
 * Discount, Tax and Total Amount. Each line is in its product's own unit and priced as the
 * till prices it (tax and discounts, docs/api-custom-invoices.md "Pricing"): the figures are
 * the core's for the server's lines, the same function the server priced them with. The last
 * row is the one being typed: a product from the autocomplete, then Enter on its quantity adds
 * it (only with a product chosen and a quantity typed) and a fresh row takes the
 * focus.
 */
export function CustomInvoiceTable({ invoice, change, products, coreReady }: CustomInvoiceTableProps) {
  const titleRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [product, setProduct] = useState<PricedChoice | null>(null);
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const preview = previewLine(product, quantity, coreReady);
  const figures = customInvoiceFigures(invoice, coreReady);

  async function addLine() {
    if (pending) return;
    if (!product) {
      setNote('Choose a product first.');
      titleRef.current?.focus();
      return;
    }
    if (!quantity.trim()) {
      setNote('Type a quantity, then press Enter.');
      return;
    }
    setPending(true);
    setNote('');
    try {
      const typed = quantity.trim();
      await change((id) => addCustomInvoiceProduct(id, product._id, typed));
      notify.success(messages.productAddedToCustomInvoice);
      setText('');
      setProduct(null);
      setQuantity('');
      titleRef.current?.focus();
    } catch (error) {
      // The row keeps the product and quantity, so Enter sends them again.
      const message = changeFailure(error, messages.customInvoiceAddFailed);
      notify.error(message);
      setNote(message);
    } finally {
      setPending(false);
    }
  }

  async function removeLine(productId: string) {
    if (removing) return;
    setRemoving(productId);
    try {
      await change((id) => removeCustomInvoiceProduct(id, productId));
      notify.success(messages.productRemovedFromCustomInvoice);
    } catch (error) {
      notify.error(changeFailure(error, messages.customInvoiceRemoveFailed));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="custom-table__scroll">
      <table className="custom-table" aria-label="Custom invoice lines">
        <thead>
          <tr>
            <th scope="col">No</th>
            <th scope="col">Title</th>
            <th scope="col" className="custom-table__number">
              Quantity
            </th>
            <th scope="col">Unit</th>
            <th scope="col" className="custom-table__number">
              Price
            </th>
            <th scope="col" className="custom-table__number">
              Total Price
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {invoice.products.map((line, index) => (
            <tr key={line._id || line.productId}>
              <td>{index + 1}</td>
              <td className="custom-table__title">
                {line.productName}
                <LineNote amounts={figures.lines[index]} />
              </td>
              <td className="custom-table__number">{quantityText(line.quantity)}</td>
              <td>{line.unit}</td>
              <td className="custom-table__number">{twoDecimals(figures.lines[index]?.price ?? line.price)}</td>
              <td className="custom-table__number">{twoDecimals(figures.lines[index]?.total ?? line.total)}</td>
              <td>
                <TableButton
                  icon={Trash2}
                  tone="danger"
                  label={`Remove ${line.productName}`}
                  disabled={removing !== null}
                  onClick={() => void removeLine(line.productId)}
                />
              </td>
            </tr>
          ))}
          <tr className="custom-table__new-row" aria-busy={pending || undefined}>
            <td>{invoice.products.length + 1}</td>
            <td className="custom-table__title">
              <ProductAutocomplete
                ref={titleRef}
                products={products}
                text={text}
                chosen={product !== null && product.productName === text}
                onTextChange={(value) => {
                  setText(value);
                  setNote('');
                  if (product && value !== product.productName) setProduct(null);
                }}
                onChoose={(choice) => {
                  setProduct(choice);
                  setText(choice.productName);
                  setNote('');
                  quantityRef.current?.focus();
                }}
              />
            </td>
            <td className="custom-table__number">
              <input
                ref={quantityRef}
                className="field__input custom-table__quantity"
                aria-label="Quantity"
                inputMode="decimal"
                autoComplete="off"
                value={quantity}
                readOnly={pending}
                onChange={(event) => {
                  setQuantity(event.target.value);
                  setNote('');
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void addLine();
                  }
                }}
              />
            </td>
            <td>{product?.unit ?? '—'}</td>
            <td className="custom-table__number">{preview.price !== null ? twoDecimals(preview.price) : '—'}</td>
            <td className="custom-table__number">{preview.total !== null ? twoDecimals(preview.total) : '—'}</td>
            <td className="custom-table__hint">{pending ? 'Adding…' : 'Enter adds'}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              Discount
            </th>
            <td className="custom-table__number">{twoDecimals(figures.totalDiscount)}</td>
            <td />
          </tr>
          <tr>
            <th scope="row" colSpan={5}>
              Tax
            </th>
            <td className="custom-table__number">{twoDecimals(figures.totalTax)}</td>
            <td />
          </tr>
          <tr className="custom-table__total">
            <th scope="row" colSpan={5}>
              Total Amount
            </th>
            <td className="custom-table__number">{twoDecimals(figures.totalAmount)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="custom-table__note" role="status">
        {note}
      </p>
    </div>
  );
}

/** Under a line's title: its discount and tax, already in its Total Price. */
function LineNote({ amounts }: { amounts: LineFigures | undefined }) {
  if (!amounts) return null;
  const parts = [
    !sameAmount(amounts.discountAmount, 0) ? `Discount −${twoDecimals(amounts.discountAmount)}` : null,
    !sameAmount(amounts.tax, 0) ? `Tax +${twoDecimals(amounts.tax)}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return (
    <span className="custom-table__line-note">
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 && ' · '}
          <span>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
