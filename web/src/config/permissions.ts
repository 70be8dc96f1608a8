/** SPEC part 3's twelve permission names, held on an admin's or a staff member's session. */
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

export type Permission = (typeof permissionNames)[number];
