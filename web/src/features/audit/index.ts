export { AdminAuditPage, SuperAdminAuditPage } from './audit-page';
