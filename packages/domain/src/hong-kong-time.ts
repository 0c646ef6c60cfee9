/**
 * Today's date in Hong Kong (YYYY-MM-DD). Age rules (18 to open, 65 for margin proof) count
 * birthdays where the broker is, on the phone and on the server alike.
 */
export function hongKongToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Hong_Kong',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
