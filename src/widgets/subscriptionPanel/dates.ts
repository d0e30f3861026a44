/** A day as `yyyy-MM-dd` (the API's date format), from its local calendar date. */
export function formatDay(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** `yyyy-MM-dd` as a local date, or null when it is not one. */
export function parseDay(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/**
 * The day `months` months after `day`, kept within the month: 31 January plus one month is the
 * last day of February, as a commitment ending 'one month later' means.
 */
export function addMonths(day: Date, months: number): Date {
  const target = new Date(day.getFullYear(), day.getMonth() + months, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(day.getDate(), last));
}

/** The date part of an ISO timestamp or day (`2027-09-26T00:00:00.000Z` → `2027-09-26`), or '-' when there is none. */
export function dayOf(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '-';
}

/** A plan's amount in cents as euros, in the browser's number formatting (SPEC §9). */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
