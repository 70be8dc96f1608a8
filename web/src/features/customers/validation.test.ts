import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../../test/core';
import { customerErrors } from './validation';

beforeAll(loadCore);

describe('a customer’s fields, by the server’s rules', () => {
  it('takes a name of one line without control characters', () => {
    expect(customerErrors({ customerName: 'Aisha\tAli', phoneNumber: '7771234', email: '' }).customerName).toBeNull();
    for (const name of ['Aisha\u0000', 'Aisha\u001b[2J', 'Aisha\nAli']) {
      expect(customerErrors({ customerName: name, phoneNumber: '7771234', email: '' }).customerName).toBe(
        'Customer name cannot contain line breaks or control characters',
      );
    }
    expect(customerErrors({ customerName: ' ', phoneNumber: '7771234', email: '' }).customerName).toBe('Customer name is required');
  });
});
