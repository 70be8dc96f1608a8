import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FormAlert, SelectField, TextField } from '@/components/form';
import { Screen } from '@/components/screen';
import { useShopSession } from '@/features/auth';
import { ProductAutocomplete, useBackOfficeCore, useTillData } from '@/features/sales';
import { errorMessage } from '@/lib/api-client';
import type { AdjustmentReason } from '@/lib/core-back-office';
import { notify } from '@/lib/notify';
import { adjustmentFailed, adjustStock, type Adjustment } from './api/adjustments-api';
import { adjustLineFor, adjustmentLines, adjustReasonOptions, checkAdjustLine, retypedFor, takesOff, type AdjustLineDraft, type AdjustProduct } from './adjust-lines';
import { sendOrQueue } from './offline-stock';
import { OnDeviceNotice, QueuedNotice } from './offline-notices';
import { useStockProducts } from './stock-products';
import './adjust.css';

/** /admin/stock/adjust: stock taken off as damaged, expired or stolen, or a mistake put right, after a confirmation. */
export function AdjustPage() {
  const session = useShopSession();
  const [adjusted, setAdjusted] = useState<AdjustOutcome | null>(null);
  const [formNumber, setFormNumber] = useState(0);
  if (!session.can('stock_adjust')) {
    return (
      <Screen title="Adjust stock">
        <p>Adjusting stock needs the “Adjust stock” grant. Ask the shop&apos;s admin for it.</p>
      </Screen>
    );
  }
  if (adjusted) {
    const { adjustment, queued } = adjusted;
    return (
      <Screen
        title={queued ? 'Adjustment saved on this device' : 'Stock adjusted'}
        description={`${reasonLabel(adjustment.reason)}${adjustment.note ? ` — ${adjustment.note}` : ''}, by ${adjustment.userName}`}
        tools={
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setAdjusted(null);
              setFormNumber((number) => number + 1);
            }}
          >
            New adjustment
          </button>
        }
      >
        {queued && <QueuedNotice what="the adjustment" />}
        <AdjustedLines adjustment={adjustment} />
      </Screen>
    );
  }
  return (
    <Screen title="Adjust stock" description="Take off goods that are damaged, expired or stolen, or put a wrong quantity right. Every change is kept in the stock ledger.">
      <AdjustForm key={formNumber} onAdjusted={setAdjusted} />
    </Screen>
  );
}

/** The server's adjustment, or what this device queued (its quantities this device's figures). */
interface AdjustOutcome {
  adjustment: Adjustment;
  queued: boolean;
}

const reasonLabel = (reason: AdjustmentReason) => adjustReasonOptions.find((option) => option.value === reason)?.label ?? reason;

const resultColumns: DataTableColumn[] = [
  { id: 'product', header: 'Product' },
  { id: 'change', header: 'Change', className: 'adjust-number' },
  { id: 'after', header: 'Quantity after', className: 'adjust-number' },
];

function AdjustedLines({ adjustment }: { adjustment: Adjustment }) {
  return (
    <DataTable label="Lines adjusted" columns={resultColumns} state={{ status: 'ready' }} rowCount={adjustment.lines.length} empty="No lines">
      {adjustment.lines.map((line) => (
        <tr key={line.productId} className="data-table__row">
          <td>{line.productName}</td>
          <td className="adjust-number">{`${line.change > 0 ? '+' : ''}${line.change} ${line.unit}`}</td>
          <td className="adjust-number">{`${line.quantity} ${line.unit}`}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function AdjustForm({ onAdjusted }: { onAdjusted: (outcome: AdjustOutcome) => void }) {
  const session = useShopSession();
  const coreReady = useBackOfficeCore();
  const till = useTillData();
  const catalogue = useStockProducts();
  const products: readonly AdjustProduct[] = catalogue.products;
  // One ref per form: a retry after a lost answer is recorded once.
  const [ref] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState<AdjustmentReason>('damaged');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<AdjustLineDraft[]>([]);
  const [search, setSearch] = useState('');
  const [formError, setFormError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focusLine = useRef<string | null>(null);
  const off = takesOff(reason);

  function addProduct(product: AdjustProduct) {
    setSearch('');
    const existing = lines.find((line) => line.product._id === product._id);
    if (existing) {
      inputs.current.get(existing.key)?.focus();
      return;
    }
    const line = adjustLineFor(product);
    focusLine.current = line.key;
    setLines((current) => [...current, line]);
  }
  const inputRef = (key: string) => (input: HTMLInputElement | null) => {
    if (!input) {
      inputs.current.delete(key);
      return;
    }
    inputs.current.set(key, input);
    if (focusLine.current === key) {
      focusLine.current = null;
      input.focus();
    }
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (lines.length === 0) return setFormError('Add at least one product.');
    if (!coreReady) return;
    const checked = adjustmentLines(reason, lines);
    if (!Array.isArray(checked)) return setFormError(`Line ${checked.line}: ${checked.message}`);
    setFormError('');
    setConfirming(true);
  }

  async function adjust() {
    const checked = adjustmentLines(reason, lines);
    if (!Array.isArray(checked)) return;
    setPending(true);
    try {
      const request = { reason, note: note.trim(), ref, lines: checked };
      const outcome = await sendOrQueue(till, () => adjustStock(request), {
        kind: 'adjustStock',
        action: { type: 'adjustStock', payload: request },
        stockChanges: new Map(checked.map((line) => [line.productId, line.change])),
      });
      if ('sent' in outcome) {
        notify.success('Stock adjusted');
        onAdjusted({ adjustment: outcome.sent, queued: false });
      } else {
        notify.success('Adjustment saved on this device');
        onAdjusted({ adjustment: queuedAdjustment(request, lines, session.userName), queued: true });
      }
    } catch (error) {
      setFormError(errorMessage(error, adjustmentFailed));
      setConfirming(false);
      setPending(false);
    }
  }

  const columns: DataTableColumn[] = [
    { id: 'product', header: 'Product' },
    { id: 'onHand', header: 'On hand', className: 'adjust-number' },
    { id: 'typed', header: off ? 'Taken off' : 'Change (+ or −)' },
    { id: 'after', header: 'After', className: 'adjust-number' },
    { id: 'remove', header: 'Remove', headerHidden: true },
  ];

  return (
    <form className="adjust-form" onSubmit={submit} noValidate>
      {catalogue.onDevice && <OnDeviceNotice what="The adjustment" />}
      <div className="adjust-details">
        <SelectField
          id="adjust-reason"
          label="Reason"
          value={reason}
          onValueChange={(value) => {
            const next = value as AdjustmentReason;
            setLines((current) => current.map((line) => ({ ...line, typed: retypedFor(reason, next, line.typed) })));
            setReason(next);
          }}
          options={adjustReasonOptions}
          hint={
            off
              ? `${reasonLabel(reason)} stock is taken off: type how many as a positive number (2 takes 2 off).`
              : 'A correction goes either way: type 3 to add 3, or -2 to take 2 off.'
          }
        />
        <TextField id="adjust-note" label="Note" value={note} onValueChange={setNote} maxLength={200} autoComplete="off" />
      </div>
      <div className="adjust-find">
        <label className="field__label" htmlFor="adjust-product-search">
          Scan a barcode or type a product name
        </label>
        <ProductAutocomplete
          id="adjust-product-search"
          label="Scan a barcode or type a product name"
          placeholder={catalogue.status === 'ready' ? 'Barcode, name or number' : 'Loading products…'}
          products={products}
          text={search}
          onTextChange={setSearch}
          onChoose={addProduct}
          chosen={false}
        />
      </div>
      <DataTable label="Adjustment lines" columns={columns} state={{ status: 'ready' }} rowCount={lines.length} empty="Scan or search a product to add it.">
        {lines.map((line, index) => {
          const number = index + 1;
          const checked = coreReady && line.typed.trim() ? checkAdjustLine(reason, line) : null;
          return (
            <tr key={line.key} className="data-table__row">
              <td>{line.product.productName}</td>
              <td className="adjust-number">{`${line.product.quantity} ${line.product.unit}`}</td>
              <td>
                <input
                  ref={inputRef(line.key)}
                  className="field__input adjust-cell-input"
                  aria-label={off ? `Line ${number} taken off` : `Line ${number} change`}
                  inputMode={off ? 'decimal' : 'text'}
                  value={line.typed}
                  onChange={(event) => setLines((current) => current.map((each) => (each.key === line.key ? { ...each, typed: event.target.value } : each)))}
                />
                {checked && !checked.ok && <span className="adjust-line-problem">{checked.message}</span>}
              </td>
              <td className="adjust-number">{checked?.ok ? `${checked.onHandAfter} ${line.product.unit}` : '—'}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Remove line ${number}`}
                  onClick={() => setLines((current) => current.filter((each) => each.key !== line.key))}
                >
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <div className="adjust-actions">
        <FormAlert message={formError} />
        <button type="submit" className="button button--primary" disabled={pending}>
          Adjust stock
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        message="Adjust stock?"
        detail={`${reasonLabel(reason)}: ${lines.length} ${lines.length === 1 ? 'product' : 'products'}${off ? ', taken off stock' : ''}. The change is written to the stock ledger.`}
        confirmLabel="Adjust"
        busy={pending}
        busyLabel="Adjusting…"
        onConfirm={() => void adjust()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

/** The adjustment as this device queued it: its lines with this device's stock after them. */
function queuedAdjustment(request: { reason: AdjustmentReason; note: string; ref: string }, lines: readonly AdjustLineDraft[], userName: string): Adjustment {
  return {
    _id: '',
    ...request,
    userName,
    createdAt: Date.now(),
    lines: lines.map((line) => {
      const checked = checkAdjustLine(request.reason, line);
      return {
        productId: line.product._id,
        productName: line.product.productName,
        unit: line.product.unit,
        change: checked.ok ? Number(checked.change) : 0,
        quantity: checked.ok ? Number(checked.onHandAfter) : line.product.quantity,
      };
    }),
  };
}
