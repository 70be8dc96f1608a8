/**
 * The count screen's lines: which a filter shows, and whether a typed quantity is one core
 * takes as counted (`countDifferences`, the rule the server applies) before it is sent.
 */
import { CoreError } from '@/lib/core';
import { countDifferences } from '@/lib/core-back-office';
import { thousandths } from '@/lib/decimal-text';
import type { CountLine, StockCount } from './api/counts-api';

export type CountFilter = 'all' | 'counted' | 'uncounted' | 'different';

export const countFilterOptions: { value: CountFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'counted', label: 'Counted' },
  { value: 'uncounted', label: 'Not counted' },
  { value: 'different', label: 'Different' },
];

export function filterCountLines(lines: readonly CountLine[], filter: CountFilter): CountLine[] {
  switch (filter) {
    case 'counted':
      return lines.filter((line) => line.counted !== null);
    case 'uncounted':
      return lines.filter((line) => line.counted === null);
    case 'different':
      return lines.filter((line) => line.difference !== null && line.difference !== 0);
    default:
      return [...lines];
  }
}

/** A count line as the product search reads it (a count names its products' barcodes). */
export const searchableCountLine = (line: CountLine) => ({
  ...line,
  _id: line.productId,
  product_id: '',
  barcodeNumber: line.barcode ?? '',
});

export type SearchableCountLine = ReturnType<typeof searchableCountLine>;

/** Why core would refuse `typed` as the line's count ("Counted must be a whole number for unit no"), or null. */
export function countedProblem(line: CountLine, typed: string): string | null {
  const text = typed.trim();
  if (!text) return 'Type the quantity counted';
  if (thousandths(text) === null) return 'Type the quantity counted as a number';
  try {
    countDifferences({ lines: [{ productId: line.productId, unit: line.unit, expected: line.expected, counted: text, unitCost: line.unitCost }] });
    return null;
  } catch (error) {
    if (!(error instanceof CoreError)) throw error;
    // One line is checked: its number says nothing to the person typing.
    const message = error.message.replace(/^Line \d+:\s*/, '');
    return message.charAt(0).toUpperCase() + message.slice(1);
  }
}

/**
 * The count as shown after `typed` was counted of `productId` on this device, before the server
 * has it (queued offline): the line's difference and the summary are core's, against what the
 * line expected when the count was last loaded (the server reads the stock of the counting time
 * when the line reaches it).
 */
export function countedOnDevice(count: StockCount, productId: string, typed: string): StockCount {
  const lines = count.lines.map((line) => (line.productId === productId ? { ...line, counted: Number(typed.trim()) } : line));
  const counted = lines.filter((line) => line.counted !== null);
  const differences = countDifferences({
    lines: counted.map((line) => ({ productId: line.productId, unit: line.unit, expected: line.expected, counted: line.counted ?? 0, unitCost: line.unitCost })),
  });
  const byProduct = new Map(differences.lines.map((line) => [line.productId, line]));
  return {
    ...count,
    lines: lines.map((line) => {
      const difference = byProduct.get(line.productId);
      return difference ? { ...line, difference: Number(difference.difference), costValue: Number(difference.costValue) } : line;
    }),
    summary: {
      linesCounted: differences.linesCounted,
      linesDifferent: differences.linesDifferent,
      shortCostValue: Number(differences.shortCostValue),
      overCostValue: Number(differences.overCostValue),
      netCostValue: Number(differences.netCostValue),
    },
  };
}
