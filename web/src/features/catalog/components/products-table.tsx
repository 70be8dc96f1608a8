import { History, Trash } from 'lucide-react';
import { useRef } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, EditableRow, TableButton, TableLink, type DataTableColumn } from '@/components/data-table';
import { stockViewPaths } from '@/config/paths';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { matchesSearch } from '@/lib/search';
import type { ServerDataHandle } from '@/lib/use-server-data';
import { deleteProduct, updateProduct, type Product, type ProductChanges } from '../api/products-api';
import { tableStatus } from '../table-status';
import type { CatalogArea } from '../use-catalog-session';
import { useRowDelete } from '../use-row-delete';
import { productErrors, trimmed } from '../validation';
import { productCells, productRowValues, type ProductCellOptions, type ProductRowDraft } from './product-cells';
import './catalog.css';

const amount = 'catalog-table__amount';
const inCurrency = (header: string, currencyCode: string | null) => (currencyCode ? `${header} (${currencyCode})` : header);
/** In the order of productCells' cells. */
const columnsIn = (currencyCode: string | null): DataTableColumn[] => [
  { id: 'no', header: 'No', className: 'data-table__number' },
  { id: 'name', header: 'Name', className: 'catalog-table__name' },
  { id: 'quantity', header: 'Qty', className: amount },
  { id: 'unit', header: 'Unit', className: 'data-table__nowrap' },
  { id: 'reorder', header: 'Reorder level', className: amount },
  { id: 'cost', header: inCurrency('Cost', currencyCode), className: amount },
  // A no-break space keeps "%" beside its word when the narrow headers wrap.
  { id: 'profit', header: 'Profit\u00a0%', className: amount },
  { id: 'selling', header: inCurrency('Selling price', currencyCode), className: amount },
  { id: 'discount', header: 'Discount', className: amount },
  { id: 'tax', header: 'Tax\u00a0%', className: amount },
  { id: 'loyalty', header: 'Loyalty\u00a0%', className: amount },
  { id: 'category', header: 'Category', className: 'catalog-table__category' },
  { id: 'productId', header: 'Product ID', className: 'catalog-table__code' },
  { id: 'barcode', header: 'Barcode', className: 'catalog-table__code' },
];
const actionColumn: DataTableColumn = { id: 'actions', header: 'Action', className: 'catalog-table__action' };

interface ProductsTableProps extends ProductCellOptions {
  products: ServerDataHandle<Product[]>;
  /** Where each row's stock history opens. */
  area: CatalogArea;
  searchText: string;
  /** Edit with product_update, delete with product_delete; every row leads to its stock history. */
  canUpdate: boolean;
  canDelete: boolean;
  empty: string;
}

/**
 * What a row's save sends: what it edits, the reorder level only when it changed (absent keeps
 * it), blank as null, which clears it.
 */
function productChanges(draft: ProductRowDraft, start: ProductRowDraft): ProductChanges {
  const { reorderLevel, ...rest } = trimmed(draft);
  if (reorderLevel === start.reorderLevel.trim()) return rest;
  return { ...rest, reorderLevel: reorderLevel || null };
}

/**
 * The products table: every product of the shop with its stock, reorder level and prices;
 * inline edit with Save; delete after "Do you want to delete this product?"; each row's stock
 * history. Filtered by the search text on name, barcode, category and product ID.
 */
export function ProductsTable({ products, area, searchText, canUpdate, canDelete, empty, ...cellOptions }: ProductsTableProps) {
  const tableRef = useRef<HTMLDivElement>(null);
  const { state, reload, update } = products;
  const deletion = useRowDelete<Product>({
    remove: (product) => deleteProduct(product._id),
    onRemoved: (removed) => update((list) => list.filter((known) => known._id !== removed._id)),
    successMessage: messages.productDeleted,
    failureFallback: messages.productDeleteFailed,
  });

  const all = state.status === 'ready' ? state.data : [];
  const shown = all.filter((product) =>
    matchesSearch(searchText, [product.productName, product.barcodeNumber, product.category.categoryName, product.product_id]),
  );

  async function save(product: Product, draft: ProductRowDraft): Promise<boolean> {
    try {
      const saved = await updateProduct(product._id, productChanges(draft, productRowValues(product, cellOptions)));
      update((list) => list.map((known) => (known._id === product._id ? saved : known)));
      notify.success(messages.productUpdated);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, messages.productUpdateFailed));
      return false;
    }
  }

  const columns = columnsIn(cellOptions.currencyCode);
  return (
    // Fifteen columns, wider than a tablet: set tighter than other tables, with the actions
    // first and pinned at the start, so they stay in view when the table scrolls sideways yet
    // never cover a column still to come into view (pinned at the end, they would).
    <div className="catalog-table catalog-table--dense catalog-table--pinned-actions">
      <DataTable
        ref={tableRef}
        label="Products"
        columns={[actionColumn, ...columns]}
        state={tableStatus(state, reload, 'Loading products…')}
        rowCount={shown.length}
        empty={all.length > 0 ? 'No product matches the search.' : empty}
      >
        {shown.map((product, index) => {
          const cells = productCells(product, index, cellOptions);
          return (
            <EditableRow
              key={product._id}
              name={product.productName}
              actionsFirst
              editable={canUpdate}
              values={productRowValues(product, cellOptions)}
              validate={(draft) => productErrors({ ...draft, unit: product.unit, discountType: product.discountType })}
              onSave={(draft) => save(product, draft)}
              cells={cells}
              actions={
                <>
                  <TableLink icon={History} label={`Stock history of ${product.productName}`} to={stockViewPaths.ledger(area, product._id)} />
                  {canDelete && (
                    <TableButton icon={Trash} label={`Delete ${product.productName}`} tone="danger" onClick={() => deletion.ask(product)} />
                  )}
                </>
              }
            />
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={deletion.asked !== null}
        message={messages.confirmDeleteProduct}
        detail={deletion.asked ? `${deletion.asked.productName} · ${deletion.asked.product_id}` : undefined}
        tone="danger"
        busy={deletion.busy}
        busyLabel="Deleting…"
        fallbackFocus={() => tableRef.current}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </div>
  );
}
