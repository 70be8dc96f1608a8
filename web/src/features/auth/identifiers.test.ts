import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../../test/core';
import { emailIdentifier, mobileIdentifier, normaliseStaffId, staffIdIdentifier } from './identifiers';

describe('sign-in identifiers', () => {
  beforeAll(loadCore);

  it('limit mobile numbers and staff ids to 7 characters on a number pad', () => {
    for (const identifier of [mobileIdentifier, staffIdIdentifier]) {
      expect(identifier.maxLength).toBe(7);
      expect(identifier.inputMode).toBe('numeric');
    }
  });

  it('accept a staff id typed in full or as its number alone', () => {
    expect(normaliseStaffId('S000042')).toBe('S000042');
    expect(normaliseStaffId(' s000042 ')).toBe('S000042');
    expect(normaliseStaffId('42')).toBe('S000042');
    expect(normaliseStaffId('000042')).toBe('S000042');
    expect(normaliseStaffId('1234567')).toBe('1234567');
    expect(staffIdIdentifier.validate('42')).toBeNull();
    expect(staffIdIdentifier.validate('S42X')).toBe('Staff ID must be S followed by 6 digits, like S000042');
    expect(staffIdIdentifier.validate('1234567')).toBe('Staff ID must be S followed by 6 digits, like S000042');
  });

  it('check a mobile number with the core’s 7-digit rule', () => {
    expect(mobileIdentifier.validate('7712345')).toBeNull();
    expect(mobileIdentifier.validate('77123')).toBe('Phone number must be exactly 7 digits');
    expect(mobileIdentifier.validate('  ')).toBe('Enter your mobile number.');
  });

  it('check an email with SPEC part 5’s message', () => {
    expect(emailIdentifier.validate('owner@corner.example')).toBeNull();
    expect(emailIdentifier.validate('owner@corner')).toBe('Invalid! email id!');
    expect(emailIdentifier.normalise(' owner@corner.example ')).toBe('owner@corner.example');
  });
});
