/** Shops and people shaped as docs/api-management.md says the server sends them. Tests only. */
import type { Shop, User } from '../stores/auth-store';
import { aishaAdmin, benStaff, cornerGrocery } from './identity-fixtures';

export const harbourBakery: Shop = {
  ...cornerGrocery,
  _id: 'shop-2',
  shopName: 'Harbour Bakery',
  email: 'hello@harbour.example',
  phoneNumber: '7798765',
};

export const lagoonPharmacy: Shop = {
  ...cornerGrocery,
  _id: 'shop-3',
  shopName: 'Lagoon Pharmacy',
  email: 'desk@lagoon.example',
  phoneNumber: '7754321',
  countryName: 'Sri lanka',
  currencyCode: 'LKR',
};

export const chenStaff: User = {
  ...benStaff,
  _id: 'user-3',
  staffId: 'S000003',
  userName: 'Chen',
  email: 'chen@corner.example',
  phoneNumber: '7734567',
  permissions: ['customer_read'],
};

/** Corner Grocery's people: its admin and two staff members. */
export const cornerPeople: User[] = [aishaAdmin, { ...benStaff, permissions: ['product_read'] }, chenStaff];

/** Harbour Bakery's one staff member. */
export const harbourPeople: User[] = [
  { ...benStaff, _id: 'user-9', staffId: 'S000009', userName: 'Dina', email: 'dina@harbour.example', shopId: 'shop-2', shopName: 'Harbour Bakery' },
];
