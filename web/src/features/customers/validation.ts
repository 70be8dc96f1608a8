/**
 * The customer form's and the table's checks before sending, with the messages the server
 * gives for the same mistakes: the phone number and the email by the core's own rules
 * (validateField, the ones the server applies); the name, which the core checks only as part
 * of a whole customer, by the same limit here.
 */
import { validateField } from '../../lib/core';
import type { CustomerFields } from './api/customers-api';

/** SPEC part 9: customer mobile inputs take at most 7 characters (the number is exactly 7 digits). */
export const PHONE_NUMBER_LENGTH = 7;
/** pos_core's CUSTOMER_NAME_MAX_CHARS. */
const CUSTOMER_NAME_MAX_CHARS = 100;

export type CustomerErrors = Partial<Record<keyof CustomerFields, string | null>>;

const coreMessage = (field: string, value: string) => validateField({ field, value })[0]?.message ?? null;

function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Customer name is required';
  if ([...trimmed].length > CUSTOMER_NAME_MAX_CHARS) return `Customer name must be at most ${CUSTOMER_NAME_MAX_CHARS} characters`;
  return null;
}

export const customerErrors = (fields: CustomerFields): CustomerErrors => ({
  customerName: nameError(fields.customerName),
  phoneNumber: coreMessage('phoneNumber', fields.phoneNumber.trim()),
  email: fields.email.trim() ? coreMessage('email', fields.email.trim()) : null,
});

export const hasErrors = (errors: CustomerErrors) => Object.values(errors).some(Boolean);

/** Every value trimmed, as it is sent. */
export const trimmedCustomer = (fields: CustomerFields): CustomerFields => ({
  customerName: fields.customerName.trim(),
  phoneNumber: fields.phoneNumber.trim(),
  email: fields.email.trim(),
});

/** What a `?phone=` link may prefill: its digits, at most the input's length. */
export const prefilledPhone = (value: string | null) => (value ?? '').replace(/\D/g, '').slice(0, PHONE_NUMBER_LENGTH);
