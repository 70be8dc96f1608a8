/**
 * A customer added at the till, offline too: written to the local customers table under a
 * client ref (its `_id` until the server's row arrives with the next pull) and queued as
 * `POST /till/customers`. The till's invoices name the customer by that ref, which the server
 * accepts as `customerId`.
 */
import type { Customer } from '@/features/offline';
import { nowOf, TillRefusal, type TillData } from './till-data';

export interface NewCustomer {
  customerName: string;
  phoneNumber: string;
  email?: string;
  address?: string;
}

export const phoneTaken = (phoneNumber: string) => `A customer with phone number ${phoneNumber} already exists`;

export async function createCustomer(data: TillData, fields: NewCustomer): Promise<Customer> {
  const ref = crypto.randomUUID();
  const now = nowOf(data);
  const customer: Customer = {
    _id: ref,
    customerName: fields.customerName,
    phoneNumber: fields.phoneNumber,
    email: fields.email ?? '',
    loyalityPoint: 0,
    pointAmount: 0,
    createdAt: now,
    updatedAt: now,
  };
  await data.engine.enqueue(
    { kind: 'createCustomer', action: { type: 'createCustomer', customerRef: ref, payload: { ref, ...fields } } },
    async (tables) => {
      if ((await data.db.customers.where('phoneNumber').equals(fields.phoneNumber).count()) > 0) {
        throw new TillRefusal(phoneTaken(fields.phoneNumber));
      }
      await tables.put('customers', customer);
    },
  );
  return customer;
}
