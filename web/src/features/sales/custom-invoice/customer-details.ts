/**
 * The custom invoice's customer (the contract S3): name required (at most 100 characters),
 * mobile by the core's phone rule (the customers' one), email optional but well-formed, address
 * optional (at most 200 characters, lines allowed, by the core's rule); checked before sending
 * with the server's messages.
 */
import { validateField } from '@/lib/core';
import type { CustomerDetailsCustom } from '@/types/invoice';

export type DetailsField = keyof CustomerDetailsCustom;
export type DetailsErrors = Partial<Record<DetailsField, string | null>>;

export const detailsOrder: readonly DetailsField[] = ['userName', 'phoneNumber', 'email', 'address'];

/** Mobile inputs take at most 7 characters. */
export const PHONE_NUMBER_LENGTH = 7;
const NAME_MAX_CHARS = 100;

const coreMessage = (field: string, value: string) => validateField({ field, value })[0]?.message ?? null;
const length = (text: string) => [...text].length;

export function detailsErrors(details: CustomerDetailsCustom): DetailsErrors {
  const name = details.userName.trim();
  const email = details.email.trim();
  return {
    userName: !name ? 'Customer name is required' : length(name) > NAME_MAX_CHARS ? `Customer name must be at most ${NAME_MAX_CHARS} characters` : null,
    phoneNumber: coreMessage('phoneNumber', details.phoneNumber.trim()),
    email: email ? coreMessage('email', email) : null,
    address: coreMessage('address', details.address),
  };
}

export const trimmedDetails = (details: CustomerDetailsCustom): CustomerDetailsCustom => ({
  userName: details.userName.trim(),
  phoneNumber: details.phoneNumber.trim(),
  email: details.email.trim(),
  address: details.address.trim(),
});
