// The fictional broker of this product (issue #2). Names and slogans are in the `common` catalogue;
// these are the facts that do not change with the language.
export const BROKER = {
  /** Hong Kong customer-service line (spec §1 "a Hong Kong phone line"). */
  telHk: '+852 3000 8888',
  /** Mainland hotline (spec §1 "a phone line"); the server's getIpInfo answers the current ones. */
  tel: '400-800-8888',
} as const;

/** `tel:` link of a displayed number: digits and a leading plus only. */
export function telHref(display: string): string {
  return `tel:${display.replace(/[^\d+]/g, '')}`;
}
