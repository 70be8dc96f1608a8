/**
 * The management forms' checks before sending: the rules and messages from the core
 * (the same ones the server applies), plus a plain "Enter …" for a field left blank.
 */
import { accountPhoneError } from '../../lib/account-phone';
import { validateField } from '../../lib/core';
import type { FieldErrors } from '../../lib/use-form-fields';
import type { PersonChanges } from './api/people';
import type { ShopChanges } from './api/shops-api';

export type { FieldErrors };

function coreMessage(field: string, value: string): string | null {
  return validateField({ field, value })[0]?.message ?? null;
}

/** Blank: `whenBlank`; else the core's rule for `field` (its API name). */
export function checked(field: string, value: string, whenBlank: string): string | null {
  return value.trim() ? coreMessage(field, value.trim()) : whenBlank;
}

export function required(value: string, whenBlank: string): string | null {
  return value.trim() ? null : whenBlank;
}

export const hasErrors = (errors: Record<string, string | null | undefined>) => Object.values(errors).some(Boolean);

export const nameOf = (value: string) => checked('userName', value, 'Enter the name.');
export const emailOf = (value: string) => checked('email', value, 'Enter the email address.');
/** A person's or a shop's phone number: the account rule, not the customers' 7 digits. */
export const mobileOf = (value: string) => (value.trim() ? accountPhoneError(value.trim()) : 'Enter the mobile number.');
export const passwordOf = (value: string) => (value ? coreMessage('password', value) : 'Enter a password.');

/** ISO 4217: three letters (MVR, USD); the server stores it upper-cased. */
export function currencyOf(value: string): string | null {
  const code = value.trim();
  if (!code) return 'Enter the currency code.';
  return /^[A-Za-z]{3}$/.test(code) ? null : 'Currency code must be 3 letters, like MVR.';
}

/** A person's inline edit (name, email, mobile). */
export const personErrors = (draft: PersonChanges): FieldErrors<keyof PersonChanges> => ({
  userName: nameOf(draft.userName),
  email: emailOf(draft.email),
  phoneNumber: mobileOf(draft.phoneNumber),
});

/** A shop's inline edit (name, email, country, currency). */
export const shopErrors = (draft: ShopChanges): FieldErrors<keyof ShopChanges> => ({
  shopName: required(draft.shopName, 'Enter the shop name.'),
  email: emailOf(draft.email),
  countryName: required(draft.countryName, 'Enter the country name.'),
  currencyCode: currencyOf(draft.currencyCode),
});

/** Every value trimmed, as it is sent. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;
}
