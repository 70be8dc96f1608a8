/**
 * The sign-in identifiers: how each is typed (keyboard, autofill, SPEC's 7-character limit),
 * checked (the core's rules and messages, the same the server applies) and sent.
 */
import { validateField } from '../../lib/core';
import type { IdentifierField } from './components/sign-in-form';

/** SPEC part 5 and 9: phone numbers and staff ids are at most 7 characters. */
export const ID_MAX_LENGTH = 7;

function coreMessage(field: string, value: string): string | null {
  return validateField({ field, value })[0]?.message ?? null;
}

const blank = (value: string) => value.trim() === '';

export const emailIdentifier: IdentifierField = {
  label: 'Email',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'username',
  validate: (value) => (blank(value) ? 'Enter the email address.' : coreMessage('email', value)),
  normalise: (value) => value.trim(),
};

export const mobileIdentifier: IdentifierField = {
  label: 'Mobile number',
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'username',
  maxLength: ID_MAX_LENGTH,
  hint: '7 digits',
  validate: (value) => (blank(value) ? 'Enter your mobile number.' : coreMessage('phoneNumber', value)),
  normalise: (value) => value.trim(),
};

/**
 * A staff id is "S" and 6 digits (S000042). A tablet's number pad has no S, so the number alone
 * is accepted too: "42" and "000042" are sent as S000042.
 */
export function normaliseStaffId(value: string): string {
  const trimmed = value.trim().toUpperCase();
  return /^\d{1,6}$/.test(trimmed) ? `S${trimmed.padStart(6, '0')}` : trimmed;
}

export const staffIdIdentifier: IdentifierField = {
  label: 'Staff ID',
  type: 'text',
  inputMode: 'numeric',
  autoCapitalize: 'characters',
  autoComplete: 'username',
  maxLength: ID_MAX_LENGTH,
  placeholder: 'S000042',
  hint: 'Like S000042, or just its number (42)',
  validate: (value) => (blank(value) ? 'Enter your staff ID.' : coreMessage('staffId', normaliseStaffId(value))),
  normalise: normaliseStaffId,
};
