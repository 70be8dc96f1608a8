/**
 * The time zones a shop can be set to (docs/api-dashboard.md, "Time zone": an IANA name the server
 * knows, UTC by default): the browser's own list of IANA names. Dashboards count each sale on its
 * date in the shop's zone.
 */

/** Every IANA zone the browser knows, with UTC and the shop's current zone always offered. */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set(['UTC', current, ...known].filter(Boolean))].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
