import { describe, expect, it, vi } from 'vitest';
import { localTill, customerByPhone } from '@/features/sales/testing';
import type { Customer } from './api/customers-api';
import { addCustomer } from './add-customer';

const fields = { customerName: 'Mariyam Zahir', phoneNumber: '7005555', email: '' };
const onServer: Customer = { _id: '41', ...fields, loyalityPoint: 0, pointAmount: 0, createdAt: 1, updatedAt: 1 };


describe('adding a customer from the Add customer screen', () => {
  it('online: the server adds it, and the till finds it locally at once', async () => {
    const till = await localTill();
    const createOnServer = vi.fn(async () => onServer);
    expect(await addCustomer(fields, till.data, true, createOnServer)).toEqual(onServer);
    expect(createOnServer).toHaveBeenCalledWith(fields);
    expect(await customerByPhone(till.db, '7005555')).toEqual(onServer);
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('offline: the till adds it under a ref and queues it for the server', async () => {
    const till = await localTill();
    const createOnServer = vi.fn(async () => onServer);
    const added = await addCustomer(fields, till.data, false, createOnServer);
    expect(createOnServer).not.toHaveBeenCalled();
    expect(added._id).toMatch(/^[0-9a-f-]{36}$/);
    const [command] = await till.db.outbox.toArray();
    expect(command).toMatchObject({ kind: 'createCustomer', action: { type: 'createCustomer', customerRef: added._id, payload: { ref: added._id, ...fields } } });
    expect((await customerByPhone(till.db, '7005555'))?._id).toBe(added._id);
  });

  it('offline: a phone number the till already knows is refused, nothing queued', async () => {
    const till = await localTill();
    await expect(addCustomer({ ...fields, phoneNumber: '7771234' }, till.data, false, vi.fn())).rejects.toThrow(
      'A customer with phone number 7771234 already exists',
    );
    expect(await till.db.outbox.count()).toBe(0);
  });

  it('once the server’s row arrives, the phone lookup prefers it to the till’s own', async () => {
    const till = await localTill();
    const added = await addCustomer(fields, till.data, false, vi.fn());
    await till.db.customers.put({ ...onServer, loyalityPoint: 3 });
    const found = await customerByPhone(till.db, '7005555');
    expect(found?._id).toBe('41');
    expect(found?._id).not.toBe(added._id);
  });
});
