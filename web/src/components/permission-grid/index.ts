export { PermissionGrid } from './permission-grid';
export { PermissionGroupSwitches } from './permission-group-switches';
