import { Plus, WalletCards } from 'lucide-react';
import { useCallback, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { getStoreCredit, type StoreCreditEntry, type StoreCreditLedger } from '../api/customers-api';
import { dateTime, money, paymentMethodName, twoDecimals } from '../format';
import { AddStoreCreditDialog } from './add-store-credit-dialog';
import './customers.css';

interface StoreCreditPanelProps {
  customer: { _id: string; customerName: string; storeCredit?: number; walkIn?: true };
  currencyCode: string;
  timeZone: string | undefined;
  sendInShift: Parameters<typeof AddStoreCreditDialog>[0]['sendInShift'];
}

const kindWords: Record<StoreCreditEntry['kind'], string> = { 'top-up': 'Top-up', refund: 'Refund', payment: 'Spent on a sale' };

/** "Top-up (Cash)", "Refund", "Spent on a sale". */
const entryWords = (entry: StoreCreditEntry) =>
  entry.kind === 'top-up' && entry.method ? `${kindWords[entry.kind]} (${paymentMethodName(entry.method)})` : (kindWords[entry.kind] ?? entry.kind);

const amountClass = 'customers-table__amount';

/**
 * A customer's store credit: the balance ("Store credit MVR 12.50"), the ledger newest first
 * (top-ups, refunds sent to credit, credit spent on sales) and "Add store credit" (not for the
 * walk-in customer, who cannot hold any). A top-up shows the new balance and its row at once.
 */
export function StoreCreditPanel({ customer, currencyCode, timeZone, sendInShift }: StoreCreditPanelProps) {
  const [adding, setAdding] = useState(false);
  const load = useCallback((signal: AbortSignal) => getStoreCredit(customer._id, signal), [customer._id]);
  const { state, reload, update } = useServerData<StoreCreditLedger>(load, messages.storeCreditLoadFailed);
  const balance = state.status === 'ready' ? state.data.balance : (customer.storeCredit ?? 0);
  const entries = state.status === 'ready' ? state.data.entries : [];
  const columns: DataTableColumn[] = [
    { id: 'date', header: 'Date' },
    { id: 'kind', header: 'Kind' },
    { id: 'amount', header: currencyCode ? `Amount (${currencyCode})` : 'Amount', className: amountClass },
    { id: 'note', header: 'Note' },
  ];
  return (
    <ScreenPanel className="store-credit">
      <div className="store-credit__head">
        <p className="store-credit__balance">
          <WalletCards aria-hidden="true" />
          <span>Store credit</span> <strong>{money(balance, currencyCode)}</strong>
        </p>
        {!customer.walkIn && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add store credit
          </button>
        )}
      </div>
      <DataTable
        label="Store credit"
        columns={columns}
        state={
          state.status === 'error'
            ? { status: 'error', message: state.message, onRetry: reload }
            : state.status === 'ready'
              ? { status: 'ready' }
              : { status: 'loading', label: 'Loading store credit…' }
        }
        rowCount={entries.length}
        empty="No store credit yet."
      >
        {entries.map((entry) => (
          <tr key={entry._id} className="data-table__row">
            <td className="data-table__nowrap">{dateTime(entry.createdAt, timeZone)}</td>
            <td>{entryWords(entry)}</td>
            <td className={amountClass}>{twoDecimals(entry.amount)}</td>
            <td>{entry.note || '—'}</td>
          </tr>
        ))}
      </DataTable>
      {adding && (
        <AddStoreCreditDialog
          customer={customer}
          currencyCode={currencyCode}
          sendInShift={sendInShift}
          onAdded={(added) =>
            update((ledger) => ({
              balance: added.balance,
              // A resent ref answers the row recorded before: it is listed once.
              entries: [added.entry, ...ledger.entries.filter((entry) => entry._id !== added.entry._id)],
            }))
          }
          onClose={() => setAdding(false)}
        />
      )}
    </ScreenPanel>
  );
}
