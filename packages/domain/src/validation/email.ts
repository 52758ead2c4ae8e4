import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';

/**
 * The one e-mail rule of web forms and API bodies (docs/product.md §C5, docs/adr/0051-email-addresses.md):
 * the WHATWG "valid e-mail address" grammar (the one `<input type="email">` checks, as zod ships it), on
 * the address with its domain converted to ASCII by the WHATWG URL standard's domain-to-ASCII (UTS #46,
 * the `URL` every browser and Node has). An internationalised domain is therefore accepted and stored and
 * sent in punycode; the domain must also have a dot and a top label of at least two characters, as the
 * spec's pattern asked (mail to a bare host or an IP address reaches no client).
 */
const WHATWG_EMAIL = z.regexes.html5Email;

/** The WHATWG URL class: a global of every runtime this package runs in (browsers, Node), which is typed
 * here because the package compiles without DOM or Node types. */
declare const URL: new (input: string) => { readonly hostname: string };

/** Before conversion the domain may hold letters of any script, digits, dots and hyphens, nothing else. */
const DOMAIN_INPUT = /^[\p{L}\p{M}\p{N}.\u3002\uFF0E\uFF61-]+$/u;

/** The domain in ASCII (lowercase, IDN labels as punycode), or null when it is not a host name. */
function domainToAscii(domain: string): string | null {
  if (!DOMAIN_INPUT.test(domain)) return null;
  try {
    const host = new URL(`http://${domain}`).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/**
 * The address as it is stored, compared and sent: trimmed, the local part as typed, the domain in
 * lowercase ASCII (punycode for an internationalised domain). Null when the value is not an address.
 */
export function emailToAscii(value: string): string | null {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = domainToAscii(trimmed.slice(at + 1));
  if (domain === null) return null;
  const address = `${trimmed.slice(0, at)}@${domain}`;
  if (address.length > TEXT_MAX.email || !WHATWG_EMAIL.test(address)) return null;
  const labels = domain.split('.');
  const top = labels[labels.length - 1]!;
  // No top-level domain is all digits: that is an IPv4 address, which the URL parser also accepts.
  if (labels.length < 2 || top.length < 2 || /^[0-9]+$/.test(top)) return null;
  return address;
}

export function isValidEmail(value: string): boolean {
  return emailToAscii(value) !== null;
}

/**
 * What the forgot-password input keeps as it is typed (docs/product.md §C5): every character an address
 * may hold (letters and digits of any script, for internationalised domains, and the WHATWG local part's
 * . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -), the @, and the spec's ( ); spaces and the rest are dropped.
 */
export function sanitizeForgotEmailInput(value: string): string {
  return value.replace(/[^\p{L}\p{M}\p{N}@.!#$%&'*+/=?^_`{|}~()-]/gu, '');
}
