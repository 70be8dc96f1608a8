export { PermissionGrid } from './permission-grid';
