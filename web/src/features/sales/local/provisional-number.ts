/**
 * Provisional invoice numbers (docs/offline.md, "Invoice numbers: assigned by the server at sync"):
 * the server numbers an invoice when it first sees its ref, so two tills never give one number
 * twice. Until then the receipt shows the device's number, `<DEVICE>-<n>`: DEVICE is 4 upper-case
 * hex characters chosen once per device and shop (the shop's own database), n counts up from 1 with
 * at least 4 digits, e.g. `7F3A-0012`.
 */
import type { TillDb } from '@/features/offline';

/** Four random upper-case hex characters. */
export function randomDeviceCode(random: () => number = Math.random): string {
  return Math.floor(random() * 0x10000)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');
}

export const formatProvisional = (code: string, n: number) => `${code}-${String(n).padStart(4, '0')}`;

/**
 * The next provisional number, counted up in the database. Call inside the transaction that
 * stores the invoice (the enqueue's: its scope covers `device`), so a number is given once.
 * A command rejected later leaves its number unused: numbers only ever go up.
 */
export async function nextProvisionalNumber(db: TillDb, random?: () => number): Promise<string> {
  const device = (await db.device.get('device')) ?? { key: 'device' as const, code: randomDeviceCode(random), next: 1 };
  await db.device.put({ ...device, next: device.next + 1 });
  return formatProvisional(device.code, device.next);
}

/**
 * This device's code, given now if it has none yet (its numbering then starts at 1 as ever).
 * Call inside a transaction covering `device`.
 */
export async function deviceCodeOf(db: TillDb, random?: () => number): Promise<string> {
  const device = await db.device.get('device');
  if (device) return device.code;
  const code = randomDeviceCode(random);
  await db.device.put({ key: 'device', code, next: 1 });
  return code;
}

/** What a receipt or a list shows for an invoice: the server's number, else the provisional one. */
export function shownNumber(invoice: { invoiceNumber: string; provisionalNumber: string }): string {
  if (invoice.invoiceNumber) return invoice.invoiceNumber;
  return invoice.provisionalNumber ? `Provisional ${invoice.provisionalNumber}` : '';
}
