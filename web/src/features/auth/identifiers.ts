/**
 * The sign-in identifiers: how each is typed (keyboard, autofill, length), checked (the core's
 * rules and messages, the same the server applies) and sent.
 */
import {
  ACCOUNT_PHONE_HINT, ACCOUNT_PHONE_INPUT_MODE, ACCOUNT_PHONE_MAX_LENGTH, accountPhoneError,
} from '../../lib/account-phone';
import { validateField } from '../../lib/core';
import type { IdentifierField } from './components/sign-in-form';

/** Staff ids are at most 7 characters. */
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

/**
 * An admin's or super admin's phone number. SPEC limits this input to 7 characters, but an
 * account's number may also be 10 digits after a country code (SPEC's staff signup rule), and
 * whoever has one must be able to type it here: so the longest accepted form, like every input
 * of an account's phone (lib/account-phone). Sent as typed, trimmed: the server reads every
 * accepted form of a number as that number.
 */
export const mobileIdentifier: IdentifierField = {
  label: 'Mobile number',
  type: 'text',
  inputMode: ACCOUNT_PHONE_INPUT_MODE,
  autoComplete: 'username',
  maxLength: ACCOUNT_PHONE_MAX_LENGTH,
  hint: ACCOUNT_PHONE_HINT,
  validate: (value) => (blank(value) ? 'Enter your mobile number.' : accountPhoneError(value)),
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
