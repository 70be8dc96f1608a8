export { DataTable, type DataTableColumn, type DataTableStatus } from './data-table';
export { EmailText } from './email-text';
export { EditableRow, type Draft, type EditableCell, type EditInput } from './editable-row';
export { LoadStatus, type LoadState } from './load-status';
export { TableActions, TableButton, TableLink } from './table-actions';
