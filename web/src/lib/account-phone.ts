/**
 * The phone number of an account (a staff member, an admin, a super admin, a shop) as every form
 * and sign-in takes it: the core's rule, the one the server applies (a 7-digit local number, or 10
 * digits after an optional country code), with "Invalid mobile number!".
 * Customers' numbers are another rule (exactly 7 digits, the till's lookup length).
 */
import { validateField } from './core';

/**
 * pos_core's ACCOUNT_PHONE_MAX_CHARS: `+`, a 3-digit country code, a space or hyphen and 10
 * digits (`+960 7771234567`). SPEC gives the login and employee mobile inputs 7 characters, but
 * its own staff signup asks for a country code and 10 digits: an input cut at 7 would store such
 * a number yet never let its owner type it to sign in, so every input of an account's phone
 * takes the longest accepted form.
 */
export const ACCOUNT_PHONE_MAX_LENGTH = 15;

/** What to type, shown under the input. */
export const ACCOUNT_PHONE_HINT = '7 digits, or 10 with an optional country code like +91';

/**
 * `tel` brings the phone keypad, which has the `+` a country code may start with (the number pad
 * of `numeric` has none).
 */
export const ACCOUNT_PHONE_INPUT_MODE = 'tel';

/** The core's message for `value` (typed, untrimmed), or null when an account may have it. */
export function accountPhoneError(value: string): string | null {
  return validateField({ field: 'accountPhoneNumber', value })[0]?.message ?? null;
}
