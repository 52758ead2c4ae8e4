/**
 * An address shown partly, enough for its owner to recognise it and no one else to use it:
 * 'attacker@evil.example' → 'a******r@e***.example'.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const maskedLocal =
    local.length <= 2 ? `${local[0]}*` : `${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}`;
  return `${maskedLocal}@${host[0] ?? ''}***${tld}`;
}
