import { useState } from 'react';
import { monthName } from '../series';
import { monthRange, parseDate, parseMonth, parseYear, todayText, yearRange } from '../period';
import type { DashboardScope } from '../types';
import { DashboardPanel } from './dashboard-panel';
import { PerformanceBlock } from './performance-block';

const numberInput = { type: 'number', inputMode: 'numeric', step: 1, required: true } as const;

/**
 * Panel 2, Sales Performance: a day's, a month's and a year's totals per payment
 * method. The date is a native date field, labelled Today while it is today; the month (of the
 * year field's year) is labelled with its name and the year with itself. All three start at
 * today; a value out of range shows why and is not sent.
 */
interface PerformancePanelProps {
  scope: DashboardScope;
  timeZone: string | undefined;
  /** Told the shop's low stock count, which every period's answer carries for a shop admin. */
}

export function PerformancePanel({ scope, timeZone }: PerformancePanelProps) {
  // Read once: the dashboard opens on today; a choice made since is the user's own.
  const [today] = useState(() => todayText(new Date(), timeZone));
  const [dateText, setDateText] = useState(today);
  const [monthText, setMonthText] = useState(() => String(Number(today.slice(5, 7))));
  const [yearText, setYearText] = useState(() => today.slice(0, 4));

  const date = parseDate(dateText);
  const month = parseMonth(monthText);
  const year = parseYear(yearText);

  return (
    <DashboardPanel title="Sales Performance" area="performance">
      <div className="performance-blocks">
        <PerformanceBlock
          scope={scope}
          label={dateText === today ? 'Today' : 'Date'}
          input={{ type: 'date', value: dateText, min: `${yearRange.min}-01-01`, max: `${yearRange.max}-12-31`, required: true }}
          onChange={setDateText}
          error={date.ok ? null : date.message}
          year={date.ok ? date.value.year : null}
          month={date.ok ? date.value.month : undefined}
          day={date.ok ? date.value.day : undefined}
          idleText="Choose a date to see its sales."
        />
        <PerformanceBlock
          scope={scope}
          label={(month.ok && monthName(month.value)) || 'Month'}
          input={{ ...numberInput, value: monthText, min: monthRange.min, max: monthRange.max }}
          onChange={setMonthText}
          error={month.ok ? null : month.message}
          year={month.ok && year.ok ? year.value : null}
          month={month.ok ? month.value : undefined}
          idleText={month.ok ? 'Set a valid year to see this month’s sales.' : 'Set a month from 1 to 12.'}
        />
        <PerformanceBlock
          scope={scope}
          label={year.ok ? String(year.value) : 'Year'}
          input={{ ...numberInput, value: yearText, min: yearRange.min, max: yearRange.max }}
          onChange={setYearText}
          error={year.ok ? null : year.message}
          year={year.ok ? year.value : null}
          idleText={`Set a year from ${yearRange.min} to ${yearRange.max}.`}
        />
      </div>
    </DashboardPanel>
  );
}
