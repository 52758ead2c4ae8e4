/**
 * Money is integer minor units of an ISO 4217 currency, never a float (docs/adr/0049). These helpers turn
 * minor units into the decimal string the CSV, the PDF and the screens show, and back, without floating
 * point: only integer (bigint) arithmetic and string work.
 */

/** Minor-unit exponents that are not 2 (ISO 4217); every other accepted currency has two. */
const EXPONENTS: Readonly<Record<string, number>> = {
  BHD: 3,
  CLP: 0,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  OMR: 3,
  TND: 3,
  UGX: 0,
  VND: 0,
};

/** The currencies a project may be billed in. */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'KWD',
  'BHD',
  'ISK',
] as const;
export type Currency = (typeof CURRENCIES)[number];

export function minorUnitExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** 123456 EUR → '1234.56'; -5 EUR → '-0.05'; 1500 JPY → '1500'. Plain ASCII, '.' as the separator. */
export function formatMinorUnits(minor: number | bigint, currency: string): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(assertSafeInteger(minor));
  const exponent = minorUnitExponent(currency);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

const DECIMAL = /^(-)?(\d{1,15})(?:\.(\d+))?$/;

/**
 * '1234.5' EUR → 123450. Refuses more fraction digits than the currency has, so nothing is rounded
 * silently; null when the text is not a plain decimal.
 */
export function parseDecimalToMinorUnits(text: string, currency: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const exponent = minorUnitExponent(currency);
  const fraction = match[3] ?? '';
  if (fraction.length > exponent) return null;
  const minor = BigInt(`${match[2]}${fraction.padEnd(exponent, '0')}`) * (match[1] ? -1n : 1n);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}

/**
 * The amount of `minutes` at `hourlyRate` minor units an hour, rounded half away from zero to a whole
 * minor unit, in integers only.
 */
export function amountForMinutes(minutes: number, hourlyRate: number): number {
  const product = BigInt(assertSafeInteger(minutes)) * BigInt(assertSafeInteger(hourlyRate));
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 30n) / 60n;
  return Number(negative ? -rounded : rounded);
}

/** Tax on `net` at `rateBp` basis points (2000 = 20 %), rounded half away from zero. */
export function taxForAmount(net: number, rateBp: number): number {
  const product = BigInt(assertSafeInteger(net)) * BigInt(assertSafeInteger(rateBp));
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 5000n) / 10000n;
  return Number(negative ? -rounded : rounded);
}

/** 2000 → '20.00' (%), for labels. */
export function formatBasisPoints(rateBp: number): string {
  return formatMinorUnits(rateBp, 'EUR');
}

function assertSafeInteger(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount: ${value}`);
  return value;
}

/** `INV-2026-0001`: the year's sequence number, four digits at least. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}
