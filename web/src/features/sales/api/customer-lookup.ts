/**
 * The cart's customer lookup: the shop's customer with a phone number, or null
 * when there is none (404), so the till can open Add New Customer instead of reporting a failure.
 */
import { api, ApiError } from '@/lib/api-client';
import { messages } from '@/config/messages';
import type { InvoiceCustomer } from '@/types/invoice';
import { decimalOf } from '@/types/invoice-wire';

export async function findCustomerByPhone(phoneNumber: string, signal?: AbortSignal): Promise<InvoiceCustomer | null> {
  try {
    const customer = await api.get<InvoiceCustomer>(`/customer/phone/${encodeURIComponent(phoneNumber)}`, {
      fallbackMessage: messages.somethingWentWrong,
      signal,
    });
    return customer.loyalityPoint === undefined ? customer : { ...customer, loyalityPoint: decimalOf(customer.loyalityPoint) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
