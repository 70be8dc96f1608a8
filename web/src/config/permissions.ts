/** The twelve permission names, held on an admin's or a staff member's session. */
export const permissionNames = [
  'product_create',
  'product_read',
  'product_update',
  'product_delete',
  'category_create',
  'category_read',
  'category_update',
  'category_delete',
  'customer_create',
  'customer_read',
  'customer_update',
  'customer_delete',
] as const;

/**
 * The shift grants, answered beside the twelve as `shiftPermissions` (docs/api-shifts.md, "Who
 * may"), and granted and revoked through the same permission routes.
 */
export const shiftPermissions = [
  { name: 'shift_open_close', label: 'Open and close shifts' },
  { name: 'cash_movement', label: 'Pay cash in or out' },
  { name: 'shift_read_all', label: "See every till's shifts" },
] as const;

export type ShiftPermission = (typeof shiftPermissions)[number]['name'];

/**
 * The stock grants, answered beside the twelve as `stockPermissions` (docs/api-stock.md, "Who
 * may"), and granted and revoked through the same permission routes. Every admin holds all four.
 */
export const stockPermissions = [
  { name: 'stock_receive', label: 'Receive deliveries' },
  { name: 'stock_count', label: 'Count stock' },
  { name: 'stock_adjust', label: 'Adjust stock' },
  { name: 'stock_report', label: 'Stock reports' },
] as const;

export type StockPermission = (typeof stockPermissions)[number]['name'];

/** A grant the grid toggles: one of the twelve, a shift grant or a stock grant. */
export type Permission = (typeof permissionNames)[number] | ShiftPermission | StockPermission;

/** The permission grid's rows in the product's order. */
export const permissionResources = [
  { key: 'product', label: 'Product' },
  { key: 'category', label: 'Category' },
  { key: 'customer', label: 'Customer' },
] as const;

/** The permission grid's columns. */
export const permissionActions = [
  { key: 'create', label: 'Create' },
  { key: 'read', label: 'Read' },
  { key: 'update', label: 'Update' },
  { key: 'delete', label: 'Delete' },
] as const;

export type PermissionResource = (typeof permissionResources)[number]['key'];
export type PermissionAction = (typeof permissionActions)[number]['key'];

/** "product" and "read" make "product_read". */
export const permissionName = (resource: PermissionResource, action: PermissionAction): Permission =>
  `${resource}_${action}`;
