import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '@/test/core';
import { detailsErrors } from './customer-details';

beforeAll(loadCore);

const details = { userName: 'Reef Resort', phoneNumber: '7790000', email: '', address: '' };

describe('a custom invoice customer’s address', () => {
  it('may have several lines, but no other control characters, up to 200 characters', () => {
    expect(detailsErrors({ ...details, address: 'Flat 2,\nMajeedhee Magu' }).address).toBeNull();
    expect(detailsErrors({ ...details, address: 'Male\u0007' }).address).toBe('Address cannot contain control characters');
    expect(detailsErrors({ ...details, address: 'a'.repeat(201) }).address).toBe('Address must be at most 200 characters');
  });
});
