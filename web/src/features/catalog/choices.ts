import type { DiscountType, Unit } from './api/products-api';

/** The units, named for someone choosing one. */
export const unitOptions: { value: Unit; label: string }[] = [
  { value: 'no', label: 'no (pieces)' },
  { value: 'kg', label: 'kg (kilograms)' },
  { value: 'lt', label: 'lt (litres)' },
  { value: 'm', label: 'm (metres)' },
];

/** The discount types; percentage is the default. */
export const discountTypeOptions: { value: DiscountType; label: string }[] = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'flat', label: 'Flat (per unit)' },
];
