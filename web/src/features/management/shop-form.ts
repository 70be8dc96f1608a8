/**
 * A new shop's details as the "Create shop form" asks for them: the fields in form
 * order and their checks, shared by the super admin's Create shop and the admin's shop signup.
 */
import type { NewShop } from './api/shops-api';
import { currencyOf, emailOf, mobileOf, passwordOf, required, type FieldErrors } from './validation';

export type ShopField = keyof NewShop;

export const shopFieldOrder: readonly ShopField[] = ['shopName', 'email', 'phoneNumber', 'countryName', 'currencyCode', 'password'];

export const blankShop: NewShop = { shopName: '', email: '', phoneNumber: '', countryName: '', currencyCode: '', password: '' };

export function newShopErrors(values: NewShop): FieldErrors<ShopField> {
  return {
    shopName: required(values.shopName, 'Enter the shop name.'),
    email: emailOf(values.email),
    phoneNumber: mobileOf(values.phoneNumber),
    countryName: required(values.countryName, 'Enter the country name.'),
    currencyCode: currencyOf(values.currencyCode),
    password: passwordOf(values.password),
  };
}
