import { domainToUnicode } from 'node:url';

/**
 * A stored address as people read it (docs/product.md §C5): addresses are stored and sent with the
 * domain in punycode, and shown with an internationalised domain in Unicode ('info@xn--mller-kva.de'
 * reads 'info@müller.de'). Anything else, a login name included, is returned as it is.
 */
export function emailForDisplay(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0 || !address.slice(at + 1).includes('xn--')) return address;
  const domain = domainToUnicode(address.slice(at + 1));
  return domain === '' ? address : `${address.slice(0, at)}@${domain}`;
}
