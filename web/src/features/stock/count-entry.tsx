import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormAlert } from '@/components/form';
import { ProductAutocomplete, suggestionsFor, useTillData } from '@/features/sales';
import { errorMessage } from '@/lib/api-client';
import { countRecordFailed, recordCounted, type StockCount } from './api/counts-api';
import { countedOnDevice, countedProblem, searchableCountLine, type SearchableCountLine } from './count-lines';
import { sendOrQueue, unsentCountEntries } from './offline-stock';

interface CountEntryProps {
  count: StockCount;
  /**
   * The server's answer after a line is recorded: the whole count with its summary; or, queued
   * on this device while the server cannot be reached, the count as core sees it then.
   */
  onCounted: (count: StockCount, queued: boolean) => void;
}

/**
 * Scanner first: the scan box has focus; a scanned barcode (or a name, then Enter) picks the
 * product and moves to the quantity; the quantity and Enter record it and return to the scan
 * box for the next product.
 */
export function CountEntry({ count, onCounted }: CountEntryProps) {
  const scanBox = useRef<HTMLInputElement>(null);
  const quantityBox = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<SearchableCountLine | null>(null);
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const till = useTillData();
  const products = count.lines.map(searchableCountLine);
  useEffect(() => scanBox.current?.focus(), []);

  function choose(line: SearchableCountLine) {
    setChosen(line);
    setSearch(line.productName);
    setQuantity('');
    setMessage('');
    // The quantity box is in the page already: focus it now, before the next key arrives.
    quantityBox.current?.focus();
  }

  function scanKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter') return;
    const typed = search.trim();
    if (typed && suggestionsFor(products, typed).length === 0) {
      event.preventDefault();
      setMessage(`Nothing in this count matches “${typed}”`);
    }
  }

  async function record() {
    if (pending) return;
    if (!chosen) return setMessage('Scan or pick a product first');
    const problem = countedProblem(chosen, quantity);
    if (problem) return setMessage(problem);
    setPending(true);
    try {
      const lines = [{ productId: chosen.productId, counted: quantity.trim() }];
      const countedAt = Date.now();
      const behindQueue = till ? (await unsentCountEntries(till.db, count._id)) > 0 : false;
      const outcome = await sendOrQueue(
        till,
        () => recordCounted(count._id, lines),
        { kind: 'countStock', action: { type: 'countStock', countId: count._id, payload: { lines, countedAt } } },
        behindQueue,
      );
      if ('sent' in outcome) onCounted(outcome.sent, false);
      else onCounted(countedOnDevice(count, chosen.productId, quantity), true);
      setChosen(null);
      setSearch('');
      setQuantity('');
      setMessage('');
      scanBox.current?.focus();
    } catch (error) {
      setMessage(errorMessage(error, countRecordFailed));
      quantityBox.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="count-entry"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void record();
      }}
      noValidate
    >
      <div className="count-entry__scan" onKeyDownCapture={scanKeyDown}>
        <label className="field__label" htmlFor="count-scan">
          Scan a barcode or type a name
        </label>
        <ProductAutocomplete
          ref={scanBox}
          id="count-scan"
          label="Scan a barcode or type a name"
          placeholder="Scan, or type and press Enter"
          products={products}
          text={search}
          onTextChange={(text) => {
            setSearch(text);
            setChosen(null);
            setMessage('');
          }}
          onChoose={choose}
          chosen={chosen !== null}
        />
      </div>
      <div className="count-entry__quantity">
        <label className="field__label" htmlFor="count-quantity">
          Counted{chosen ? ` (${chosen.unit}), expected ${chosen.expected}` : ''}
        </label>
        <input
          ref={quantityBox}
          id="count-quantity"
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={chosen?.counted != null ? `counted ${chosen.counted} before` : ''}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          // Enter records at once (a scanner's rhythm), and is kept from submitting the form twice.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void record();
          }}
        />
      </div>
      <button type="submit" className="button button--primary count-entry__record" disabled={pending} aria-busy={pending}>
        {pending ? 'Recording…' : 'Record'}
      </button>
      <div className="count-entry__message">
        <FormAlert message={message} />
      </div>
    </form>
  );
}
