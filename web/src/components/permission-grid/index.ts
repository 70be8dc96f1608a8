export { PermissionGrid } from './permission-grid';
export { ShiftPermissionSwitches } from './shift-permission-switches';
