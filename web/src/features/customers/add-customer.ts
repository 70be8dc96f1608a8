/**
 * Adding a customer from the Add customer screen. Online, the server adds it (its refusal, e.g.
 * a phone number already in the shop, is the final word) and the till's local table gets the
 * row at once, so the cart's phone lookup finds the customer before the next pull. Offline, the
 * running till adds it locally and queues it (features/sales/local/customer-commands.ts): the
 * cashier can sell to the new customer straight away and the server gets it when back online.
 */
import { createCustomer as createTillCustomer, type TillData } from '@/features/sales';
import type { Customer, CustomerFields } from './api/customers-api';

export type CreateOnServer = (fields: CustomerFields) => Promise<Customer>;

/** `online`: whether the browser has a network (the top bar's indicator). */
export async function addCustomer(
  fields: CustomerFields,
  till: TillData | null,
  online: boolean,
  createOnServer: CreateOnServer,
): Promise<Customer> {
  if (till && !online) return createTillCustomer(till, fields);
  const customer = await createOnServer(fields);
  // The local copy is a convenience: a till that cannot store it still has the customer on the server.
  await till?.db.customers.put(customer).catch(() => undefined);
  return customer;
}
