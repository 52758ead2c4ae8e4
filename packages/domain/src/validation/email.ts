/**
 * Both specs: a local part of letters, digits and . % + -, then @, then domain labels and a suffix of
 * at least 2 word characters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9.%+-]+@(?:[A-Za-z0-9-]+\.)+\w{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Characters the forgot-password input accepts (docs/product.md §C5): letters, digits and - @ . _ ! ( ). */
export function sanitizeForgotEmailInput(value: string): string {
  return value.replace(/[^A-Za-z0-9\-@._!()]/g, '');
}
