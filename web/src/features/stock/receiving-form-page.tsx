import { Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, TableButton, type DataTableColumn } from '@/components/data-table';
import { FormAlert, TextAreaField, TextField } from '@/components/form';
import { Screen } from '@/components/screen';
import { useShopSession } from '@/features/auth';
import { ProductAutocomplete, useBackOfficeCore, useTillData } from '@/features/sales';
import type { Delivery as CoreDelivery } from '@/lib/core-back-office';
import { sumDecimal } from '@/lib/decimal-text';
import { errorMessage } from '@/lib/api-client';
import { money } from '@/lib/money-text';
import { notify } from '@/lib/notify';
import { deliveryReceiveFailed, sendDelivery, type Delivery, type DeliveryCsvReading } from './api/receivings-api';
import { ReceivingCsvImport, ReceivingCsvReview } from './receiving-csv';
import { deliveryLines, lineFor, lineFromCsv, previewDelivery, type ReceivingLineDraft, type ReceivingProduct } from './receiving-lines';
import { ReceivingGrantNeeded, receivingPaths } from './receiving-paths';
import { ReceivedDelivery } from './receiving-received';
import { sendOrQueue } from './offline-stock';
import { OnDeviceNotice, QueuedNotice } from './offline-notices';
import { useStockProducts } from './stock-products';
import './receiving.css';

/**
 * /admin/stock/receiving/new: a supplier's delivery typed, scanned or read from its CSV, its
 * costs shown as core computes them, received after a confirmation; then what was received.
 */
export function ReceivingFormPage() {
  const session = useShopSession();
  const [received, setReceived] = useState<{ delivery: Delivery; queued: boolean } | null>(null);
  // A new form (and so a new ref) for each delivery.
  const [formNumber, setFormNumber] = useState(0);
  if (!session.can('stock_receive')) return <ReceivingGrantNeeded />;
  const back = <Link to={receivingPaths(session.area).list}>← Deliveries</Link>;
  if (received) {
    return (
      <Screen
        title={received.queued ? 'Delivery saved on this device' : 'Delivery received'}
        back={back}
        tools={
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setReceived(null);
              setFormNumber((number) => number + 1);
            }}
          >
            Receive another delivery
          </button>
        }
      >
        {received.queued && <QueuedNotice what="the delivery" />}
        <ReceivedDelivery delivery={received.delivery} currencyCode={session.currencyCode} timeZone={session.timeZone} />
      </Screen>
    );
  }
  return (
    <Screen title="Receive delivery" description="What came in, at what cost per unit. Receiving adds the quantities and sets each product's cost price to the average." back={back}>
      <ReceivingForm key={formNumber} onReceived={setReceived} />
    </Screen>
  );
}

const lineColumns: DataTableColumn[] = [
  { id: 'product', header: 'Product' },
  { id: 'onHand', header: 'On hand', className: 'receiving-number' },
  { id: 'quantity', header: 'Quantity' },
  { id: 'unitCost', header: 'Unit cost' },
  { id: 'lineCost', header: 'Line cost', className: 'receiving-number' },
  { id: 'costAfter', header: 'Cost after', className: 'receiving-number' },
  { id: 'remove', header: 'Remove', headerHidden: true },
];

function ReceivingForm({ onReceived }: { onReceived: (received: { delivery: Delivery; queued: boolean }) => void }) {
  const session = useShopSession();
  const coreReady = useBackOfficeCore();
  const till = useTillData();
  const catalogue = useStockProducts();
  const products: readonly ReceivingProduct[] = catalogue.products;

  // One ref per form: a retry after a lost answer is recorded once.
  const [ref] = useState(() => crypto.randomUUID());
  const [supplier, setSupplier] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<ReceivingLineDraft[]>([]);
  const [search, setSearch] = useState('');
  const [csvReading, setCsvReading] = useState<DeliveryCsvReading | null>(null);
  const [formError, setFormError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const quantityInputs = useRef(new Map<string, HTMLInputElement>());
  const focusQuantityOf = useRef<string | null>(null);

  const preview = coreReady ? previewDelivery(supplier, reference, lines) : { status: 'incomplete' as const };
  const computed = preview.status === 'ready' ? preview.delivery.lines : [];

  const addProduct = (product: ReceivingProduct) => {
    const line = lineFor(product);
    focusQuantityOf.current = line.key;
    setLines((current) => [...current, line]);
    setSearch('');
  };
  const change = (key: string, patch: Partial<ReceivingLineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const remove = (key: string) => setLines((current) => current.filter((line) => line.key !== key));

  const quantityRef = (key: string) => (input: HTMLInputElement | null) => {
    if (input) {
      quantityInputs.current.set(key, input);
      if (focusQuantityOf.current === key) {
        focusQuantityOf.current = null;
        input.focus();
      }
    } else {
      quantityInputs.current.delete(key);
    }
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (lines.length === 0) return setFormError('Add at least one product to the delivery.');
    if (!supplier.trim()) return setFormError('Supplier is required');
    if (preview.status === 'incomplete') return setFormError('Type each line’s quantity and unit cost.');
    if (preview.status === 'refused') return setFormError(preview.message);
    setFormError('');
    setConfirming(true);
  }

  async function receive() {
    setPending(true);
    try {
      const request = { supplier: supplier.trim(), reference: reference.trim(), note: note.trim(), ref, lines: deliveryLines(lines) };
      const stockChanges = new Map<string, string>();
      for (const line of request.lines) stockChanges.set(line.productId, sumDecimal([stockChanges.get(line.productId) ?? '0', line.quantity]));
      const outcome = await sendOrQueue(till, () => sendDelivery(request), {
        kind: 'receiveStock',
        action: { type: 'receiveStock', payload: request },
        stockChanges,
      });
      if ('sent' in outcome) {
        notify.success('Stock received');
        onReceived({ delivery: outcome.sent, queued: false });
      } else if (preview.status === 'ready') {
        notify.success('Delivery saved on this device');
        onReceived({ delivery: queuedDelivery(request, lines, preview.delivery, session.userName), queued: true });
      }
    } catch (error) {
      setFormError(errorMessage(error, deliveryReceiveFailed));
      setConfirming(false);
      setPending(false);
    }
  }

  const total = preview.status === 'ready' ? money(preview.delivery.totalCost, session.currencyCode) : '—';

  return (
    <form className="receiving-form" onSubmit={submit} noValidate>
      {catalogue.onDevice && <OnDeviceNotice what="The delivery" />}
      <div className="receiving-details">
        <TextField id="receiving-supplier" label="Supplier" value={supplier} onValueChange={setSupplier} maxLength={100} required autoComplete="off" />
        <TextField id="receiving-reference" label="Delivery note number" value={reference} onValueChange={setReference} maxLength={100} autoComplete="off" />
        <TextAreaField id="receiving-note" label="Note" value={note} onValueChange={setNote} maxLength={200} rows={1} />
      </div>
      <div className="receiving-find">
        <label className="field__label" htmlFor="receiving-product-search">
          Scan a barcode or type a product name
        </label>
        <ProductAutocomplete
          id="receiving-product-search"
          label="Scan a barcode or type a product name"
          placeholder={catalogue.status === 'ready' ? 'Barcode, name or number' : 'Loading products…'}
          products={products}
          text={search}
          onTextChange={setSearch}
          onChoose={addProduct}
          chosen={false}
        />
        <ReceivingCsvImport onRead={setCsvReading} />
      </div>
      {csvReading && (
        <ReceivingCsvReview
          reading={csvReading}
          currencyCode={session.currencyCode}
          onAdd={() => {
            setLines((current) => [...current, ...csvReading.lines.map((line) => lineFromCsv(line, products))]);
            setCsvReading(null);
          }}
          onDiscard={() => setCsvReading(null)}
        />
      )}
      <DataTable label="Delivery lines" columns={lineColumns} state={{ status: 'ready' }} rowCount={lines.length} empty="Scan or search a product to add it, or import the delivery note's CSV.">
        {lines.map((line, index) => {
          const coreLine = computed[index];
          const number = index + 1;
          return (
            <tr key={line.key} className="data-table__row">
              <td>
                <span className="receiving-product">{line.product.productName}</span>
                {line.product.barcodeNumber && <span className="receiving-product__code">{line.product.barcodeNumber}</span>}
              </td>
              <td className="receiving-number">{line.product.quantity === null ? '—' : `${line.product.quantity} ${line.product.unit}`}</td>
              <td>
                <input
                  ref={quantityRef(line.key)}
                  className="field__input receiving-cell-input"
                  aria-label={`Line ${number} quantity`}
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(event) => change(line.key, { quantity: event.target.value })}
                />
              </td>
              <td>
                <input
                  className="field__input receiving-cell-input"
                  aria-label={`Line ${number} unit cost`}
                  inputMode="decimal"
                  placeholder={line.product.costPrice === null ? '' : `now ${line.product.costPrice}`}
                  value={line.unitCost}
                  onChange={(event) => change(line.key, { unitCost: event.target.value })}
                />
              </td>
              <td className="receiving-number">{coreLine ? money(coreLine.lineCost, session.currencyCode) : '—'}</td>
              <td className="receiving-number">{coreLine ? money(coreLine.unitCostAfter, session.currencyCode) : '—'}</td>
              <td>
                {/* An icon on a tablet (its name stays for screen readers), so the line fits the screen. */}
                <TableButton icon={Trash2} label={`Remove line ${number}`} text="Remove" tone="danger" onClick={() => remove(line.key)} />
              </td>
            </tr>
          );
        })}
      </DataTable>
      {preview.status === 'refused' &&
        (preview.field === 'supplier' ? (
          <p className="receiving-hint">Type the supplier to see each line's cost.</p>
        ) : (
          <p className="receiving-problem">{preview.message}</p>
        ))}
      <div className="receiving-actions">
        <FormAlert message={formError} />
        <p className="receiving-actions__total">
          <span>Total cost</span> <strong>{total}</strong>
        </p>
        <button type="submit" className="button button--primary" disabled={pending}>
          Receive delivery
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        message="Receive this delivery?"
        detail={`${lines.length} ${lines.length === 1 ? 'line' : 'lines'} from ${supplier.trim()}, total cost ${total}. Stock goes up and each product's cost price becomes the average.`}
        confirmLabel="Receive"
        busy={pending}
        busyLabel="Receiving…"
        onConfirm={() => void receive()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

/** The delivery as this device queued it, as core computed it: stock and cost after are this device's figures. */
function queuedDelivery(
  request: { supplier: string; reference: string; note: string; ref: string },
  lines: readonly ReceivingLineDraft[],
  computed: CoreDelivery,
  userName: string,
): Delivery {
  // A product's second line starts from the cost its first line left.
  const costSoFar = new Map<string, number>();
  return {
    _id: '',
    ...request,
    userName,
    createdAt: Date.now(),
    totalCost: Number(computed.totalCost),
    lines: computed.lines.map((line, index) => {
      const product = lines[index]?.product;
      const costBefore = costSoFar.get(line.productId) ?? product?.costPrice ?? 0;
      costSoFar.set(line.productId, Number(line.unitCostAfter));
      return {
        productId: line.productId,
        productName: product?.productName ?? '',
        unit: product?.unit ?? 'no',
        quantity: Number(line.quantity),
        unitCost: Number(line.cost),
        lineCost: Number(line.lineCost),
        costBefore,
        costAfter: Number(line.unitCostAfter),
        quantityAfter: Number(line.onHandAfter),
      };
    }),
  };
}
