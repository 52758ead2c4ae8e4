const URL_PATH = '/api/authorization/incomplete-registration';
const APP_KEY = import.meta.env.VITE_APP_KEY || 'web';

/** The incomplete registration record (docs/product.md §C3) without the password, which never leaves the page. */
export type IncompleteRegistration = {
  step: number;
  'user-email'?: string;
  'user-name'?: string;
  'user-phone'?: string;
  'user-timezone'?: string;
  'user-role'?: string;
  'project-title'?: string;
  'project-description'?: string;
  'project-tech'?: string;
  'project-budget'?: string;
  'project-type'?: string;
  'project-start'?: string;
  'company-name'?: string;
  'company-size'?: string;
};

/**
 * POST /api/authorization/incomplete-registration while the page unloads (docs/product.md §C4). A keepalive
 * fetch outlives the page and still carries the application key; where it is unavailable,
 * navigator.sendBeacon posts the same document as text/plain (the server reads both).
 */
export function saveIncompleteRegistration(record: IncompleteRegistration): void {
  const body = JSON.stringify({ data: { type: 'incomplete-registration', attributes: record } });
  try {
    void fetch(URL_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/vnd.api+json', 'X-Application-Key': APP_KEY },
      body,
    }).catch(() => undefined);
  } catch {
    navigator.sendBeacon?.(URL_PATH, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
  }
}
