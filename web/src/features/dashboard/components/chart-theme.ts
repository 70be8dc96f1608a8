/**
 * How the dashboard's charts write amounts and which colours they use. The charts
 * show a rupee sign; the doughnut's tooltips show the amount with 2 decimals. Amounts
 * are written from the server's numbers (lib/money-text), never rounded by float arithmetic.
 */
import { twoDecimals } from '@/lib/money-text';

/** 12.5 -> "₹12.50". A tooltip may hand anything (recharts types it loosely): only amounts show. */
export function rupees(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? `₹${twoDecimals(value)}` : '';
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis tick: "₹1.2K". Ticks are recharts' own round steps, not amounts anyone was charged. */
export const rupeeTick = (value: unknown) => (typeof value === 'number' ? `₹${compact.format(value)}` : String(value));

export const chartColors = {
  bar: '#0f6e6e',
  line: '#1f6feb',
  grid: '#d8dee4',
  axis: '#4f5d6b',
} as const;

/** The doughnut's slices, in turn: distinct at a glance and readable on white. */
export const sliceColors = ['#0f6e6e', '#1f6feb', '#d97706', '#7c3aed', '#db2777', '#059669', '#b42318', '#4f5d6b'];
