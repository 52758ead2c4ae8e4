import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * The current password beside one's own new e-mail (the owner details and edit-user forms,
 * docs/product.md §F4): shown only while the e-mail differs from the saved one.
 */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Current password"
      description="Your new e-mail needs your password. We send a link to confirm it there, and tell your current address."
      autoComplete="current-password"
      required
      visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
      {...props}
    />
  );
}
