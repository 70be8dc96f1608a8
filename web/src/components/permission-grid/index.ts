export { PermissionGrid } from './permission-grid';
export { ShiftPermissionSwitches } from './shift-permission-switches';
export { StockPermissionSwitches } from './stock-permission-switches';
