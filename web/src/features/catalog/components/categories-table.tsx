import { Trash } from 'lucide-react';
import { useRef } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, EditableRow, TableButton, type DataTableColumn, type EditableCell } from '@/components/data-table';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { matchesSearch } from '@/lib/search';
import type { ServerDataHandle } from '@/lib/use-server-data';
import { deleteCategory, updateCategory, type Category, type CategoryFields } from '../api/categories-api';
import { decimalText, formatPercent } from '../numbers';
import { tableStatus } from '../table-status';
import { useRowDelete } from '../use-row-delete';
import { categoryErrors, trimmed } from '../validation';
import { ReadOnlyRow } from './read-only-row';
import './catalog.css';

const columns: DataTableColumn[] = [
  { id: 'no', header: 'No', className: 'data-table__number' },
  { id: 'name', header: 'Name', className: 'catalog-table__name' },
  { id: 'description', header: 'Description', className: 'catalog-table__description' },
  { id: 'discountRate', header: 'Discount rate', className: 'catalog-table__amount' },
  { id: 'products', header: 'Products', className: 'catalog-table__amount' },
];
const actionColumn: DataTableColumn = { id: 'actions', header: 'Action', className: 'catalog-table__action' };

interface CategoriesTableProps {
  categories: ServerDataHandle<Category[]>;
  searchText: string;
  /** Edit with category_update, delete with category_delete; neither, no Action column. */
  canUpdate: boolean;
  canDelete: boolean;
  empty: string;
}

/**
 * The categories table: No, name, description, discount rate and how many products
 * use each; inline edit of name, description and rate; delete after "Do you want to delete this
 * category?" (the server refuses one that still has products, and says so). Filtered by the
 * search text on name and description.
 */
export function CategoriesTable({ categories, searchText, canUpdate, canDelete, empty }: CategoriesTableProps) {
  const tableRef = useRef<HTMLDivElement>(null);
  const { state, reload, update } = categories;
  const deletion = useRowDelete<Category>({
    remove: (category) => deleteCategory(category._id),
    onRemoved: (removed) => update((list) => list.filter((known) => known._id !== removed._id)),
    successMessage: messages.categoryDeleted,
    failureFallback: messages.categoryDeleteFailed,
  });

  const all = state.status === 'ready' ? state.data : [];
  const shown = all.filter((category) => matchesSearch(searchText, [category.categoryName, category.description]));
  const withActions = canUpdate || canDelete;

  async function save(category: Category, draft: CategoryFields): Promise<boolean> {
    try {
      const saved = await updateCategory(category._id, trimmed(draft));
      update((list) => list.map((known) => (known._id === category._id ? saved : known)));
      notify.success(messages.categoryUpdated);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, messages.categoryUpdateFailed));
      return false;
    }
  }

  return (
    <div className="catalog-table">
      <DataTable
        ref={tableRef}
        label="Categories"
        columns={withActions ? [...columns, actionColumn] : columns}
        state={tableStatus(state, reload, 'Loading categories…')}
        rowCount={shown.length}
        empty={all.length > 0 ? 'No category matches the search.' : empty}
      >
        {shown.map((category, index) => {
          const cells: EditableCell<keyof CategoryFields>[] = [
            { id: 'no', view: index + 1, className: 'data-table__number' },
            {
              id: 'name',
              view: category.categoryName,
              className: 'catalog-table__name',
              edit: { field: 'categoryName', label: 'Category name', autoCapitalize: 'words' },
            },
            {
              id: 'description',
              view: category.description || <span className="catalog-muted">—</span>,
              className: 'catalog-table__description',
              edit: { field: 'description', label: 'Description' },
            },
            {
              id: 'discountRate',
              view: formatPercent(category.discountRate),
              className: 'catalog-table__amount',
              edit: { field: 'discountRate', label: 'Discount rate', inputMode: 'decimal' },
            },
            { id: 'products', view: category.productCount, className: 'catalog-table__amount' },
          ];
          if (!withActions) return <ReadOnlyRow key={category._id} cells={cells} />;
          return (
            <EditableRow
              key={category._id}
              name={category.categoryName}
              editable={canUpdate}
              values={{
                categoryName: category.categoryName,
                description: category.description,
                discountRate: decimalText(category.discountRate),
              }}
              validate={categoryErrors}
              onSave={(draft) => save(category, draft)}
              cells={cells}
              actions={
                canDelete && (
                  <TableButton
                    icon={Trash}
                    label={`Delete ${category.categoryName}`}
                    tone="danger"
                    onClick={() => deletion.ask(category)}
                  />
                )
              }
            />
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={deletion.asked !== null}
        message={messages.confirmDeleteCategory}
        detail={deletion.asked ? describe(deletion.asked) : undefined}
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

function describe(category: Category): string {
  const count = category.productCount;
  return count > 0 ? `${category.categoryName} · ${count} ${count === 1 ? 'product' : 'products'}` : category.categoryName;
}
