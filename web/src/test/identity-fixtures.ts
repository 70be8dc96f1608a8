/** Sample identity data shaped as docs/api-identity.md says the server sends it. Tests only. */
import type { Shop, User } from '../stores/auth-store';

export const cornerGrocery: Shop = {
  _id: 'shop-1',
  shopName: 'Corner Grocery',
  email: 'owner@corner.example',
  phoneNumber: '7712345',
  countryName: 'Maldives',
  currencyCode: 'MVR',
  timeZone: 'Indian/Maldives',
};

export const aishaAdmin: User = {
  _id: 'user-1',
  staffId: 'S000001',
  userName: 'Aisha',
  email: 'aisha@corner.example',
  phoneNumber: '7712345',
  role: 'admin',
  permissions: ['product_read', 'category_read'],
  shopId: 'shop-1',
  shopName: 'Corner Grocery',
  currencyCode: 'MVR',
};

export const benStaff: User = {
  ...aishaAdmin,
  _id: 'user-2',
  staffId: 'S000002',
  userName: 'Ben',
  email: 'ben@corner.example',
  phoneNumber: '7723456',
  role: 'staff',
  permissions: [],
};

export const rootSuperAdmin: User = {
  _id: 'user-0',
  staffId: null,
  userName: 'Root',
  email: 'root@tillwise.example',
  phoneNumber: '7700000',
  role: 'super-admin',
  permissions: [],
  shopId: null,
  shopName: null,
  currencyCode: null,
};
