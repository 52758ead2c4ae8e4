/**
 * A link into the web app for a mail. The caller's redirect_url is used only when it points at our own
 * PUBLIC_URL origin (never an open redirect); otherwise the default page is used.
 */
export function appLink(
  publicUrl: string,
  defaultPath: string,
  token: string,
  redirectUrl?: string | null,
): string {
  const base = new URL(publicUrl);
  let target = new URL(`${publicUrl}${defaultPath}`);
  if (redirectUrl) {
    try {
      const candidate = new URL(redirectUrl, `${publicUrl}/`);
      if (
        candidate.origin === base.origin &&
        (candidate.protocol === 'http:' || candidate.protocol === 'https:')
      )
        target = candidate;
    } catch {
      // Not a URL: keep the default page.
    }
  }
  target.searchParams.set('token', token);
  return target.toString();
}
