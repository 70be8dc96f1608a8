/**
 * The customer form's and the table's checks before sending, with the messages the server
 * gives for the same mistakes: the name, the phone number and the email by the core's own rules
 * (validateField, the ones the server applies).
 */
import { validateField } from '../../lib/core';
import type { CustomerFields } from './api/customers-api';

/** Customer mobile inputs take at most 7 characters (the number is exactly 7 digits). */
export const PHONE_NUMBER_LENGTH = 7;
export type CustomerErrors = Partial<Record<keyof CustomerFields, string | null>>;

const coreMessage = (field: string, value: string) => validateField({ field, value })[0]?.message ?? null;

export const customerErrors = (fields: CustomerFields): CustomerErrors => ({
  customerName: coreMessage('customerName', fields.customerName),
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
