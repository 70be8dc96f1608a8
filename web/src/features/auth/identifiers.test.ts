import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../../test/core';
import { emailIdentifier, mobileIdentifier, normaliseStaffId, staffIdIdentifier } from './identifiers';

describe('sign-in identifiers', () => {
  beforeAll(loadCore);

  it('limit staff ids to 7 characters on a number pad', () => {
    expect(staffIdIdentifier.maxLength).toBe(7);
    expect(staffIdIdentifier.inputMode).toBe('numeric');
  });

  it('take a mobile number as long as its longest form, on a phone keypad that has +', () => {
    expect(mobileIdentifier.maxLength).toBe('+960 7771234567'.length);
    expect(mobileIdentifier.inputMode).toBe('tel');
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

  it('check a mobile number with the core’s rule: 7 digits, or 10 after an optional country code', () => {
    for (const typed of ['7712345', '9876543210', '+91 9876543210', '+919876543210', '91-9876543210', ' 919876543210 ']) {
      expect(mobileIdentifier.validate(typed)).toBeNull();
    }
    for (const typed of ['77123', '+9876543210', '+91 98765', '+1234 9876543210']) {
      expect(mobileIdentifier.validate(typed)).toBe('Invalid mobile number!');
    }
    expect(mobileIdentifier.validate('  ')).toBe('Enter your mobile number.');
    expect(mobileIdentifier.normalise(' +91 9876543210 ')).toBe('+91 9876543210');
  });

  it('check an email with the form’s message', () => {
    expect(emailIdentifier.validate('owner@corner.example')).toBeNull();
    expect(emailIdentifier.validate('owner@corner')).toBe('Invalid! email id!');
    expect(emailIdentifier.normalise(' owner@corner.example ')).toBe('owner@corner.example');
  });
});
