import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { TableButton } from '../../../components/data-table';
import { messages } from '../../../config/messages';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { addCustomInvoiceProduct, removeCustomInvoiceProduct, type ProductChoice } from '../api/custom-invoices';
import { quantityText, twoDecimals } from '../invoices/format';
import type { Invoice } from '../types';
import { previewLine } from './line-preview';
import { ProductAutocomplete } from './product-autocomplete';

/** SPEC part 9: the custom invoice's unit column is fixed to kg. */
const UNIT = 'kg';

interface CustomInvoiceTableProps {
  invoice: Invoice;
  onInvoice: (invoice: Invoice) => void;
  products: readonly ProductChoice[];
  coreReady: boolean;
}

/**
 * SPEC part 2's editable table: No, Title, Quantity, Unit (kg), Price, Total Price, Actions,
 * then Discount and Total Amount. The last row is the one being typed: a product from the
 * autocomplete, then Enter on its quantity adds it (only with a product chosen and a quantity
 * typed, SPEC part 5) and a fresh row takes the focus. Amounts of added lines are the server's.
 */
export function CustomInvoiceTable({ invoice, onInvoice, products, coreReady }: CustomInvoiceTableProps) {
  const titleRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [product, setProduct] = useState<ProductChoice | null>(null);
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const preview = previewLine(product, quantity, coreReady);

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
      const updated = await addCustomInvoiceProduct(invoice._id, product._id, quantity.trim());
      notify.success(messages.productAddedToCustomInvoice);
      onInvoice(updated);
      setText('');
      setProduct(null);
      setQuantity('');
      titleRef.current?.focus();
    } catch (error) {
      const message = errorMessage(error, messages.customInvoiceAddFailed);
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
      const updated = await removeCustomInvoiceProduct(invoice._id, productId);
      notify.success(messages.productRemovedFromCustomInvoice);
      onInvoice(updated);
    } catch (error) {
      notify.error(errorMessage(error, messages.customInvoiceRemoveFailed));
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
              <td className="custom-table__title">{line.productName}</td>
              <td className="custom-table__number">{quantityText(line.quantity)}</td>
              <td>{UNIT}</td>
              <td className="custom-table__number">{twoDecimals(line.price)}</td>
              <td className="custom-table__number">{twoDecimals(line.total)}</td>
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
            <td>{UNIT}</td>
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
            <td className="custom-table__number">{twoDecimals(invoice.totalDiscount)}</td>
            <td />
          </tr>
          <tr className="custom-table__total">
            <th scope="row" colSpan={5}>
              Total Amount
            </th>
            <td className="custom-table__number">{twoDecimals(invoice.totalAmount)}</td>
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
