import { signatureMatches, signText } from '../../lib/tokens.ts';

/**
 * The signed Approve and Decline links of a call that waits for approval (docs/product.md §F1): staff get
 * them in the notification mail and the bell. A link names one call and one action and expires; it is
 * an HMAC-SHA256 under the app secret, so a changed id, action or expiry no longer verifies. The link is
 * not a key: opening it still needs a signed-in member of staff who may manage calls, and only a POST
 * acts (a mail scanner's GET changes nothing).
 */
export const CALL_ACTIONS = ['approve', 'decline'] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];

/** How long a link works: a week, longer than any call waits for an answer in practice. */
export const CALL_ACTION_LINK_TTL_MS = 7 * 86_400_000;

const PURPOSE = 'call-action';
const signed = (callId: number, action: CallAction, expires: number) =>
  `${PURPOSE}:${callId}:${action}:${expires}`;

/** `callId.action.expiresEpochSeconds.mac` */
export function callActionToken(secret: string, callId: number, action: CallAction, now: Date): string {
  const expires = Math.floor((now.getTime() + CALL_ACTION_LINK_TTL_MS) / 1000);
  return `${callId}.${action}.${expires}.${signText(secret, signed(callId, action, expires))}`;
}

export type CallActionCheck =
  | { ok: true; callId: number; action: CallAction }
  | { ok: false; reason: 'invalid' | 'expired' };

/** What a token allows, or why not: 'invalid' for anything forged, altered or malformed; 'expired'. */
export function verifyCallActionToken(secret: string, token: string, now: Date): CallActionCheck {
  const match = /^([1-9][0-9]{0,9})\.(approve|decline)\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const callId = Number(match[1]);
  const action = match[2] as CallAction;
  const expires = Number(match[3]);
  if (!signatureMatches(secret, signed(callId, action, expires), match[4]!))
    return { ok: false, reason: 'invalid' };
  if (now.getTime() > expires * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, callId, action };
}

/** The Approve and Decline links of one call, as web paths (the mail puts the public address before them). */
export function callActionLinks(secret: string, callId: number, now: Date) {
  return CALL_ACTIONS.map((action) => ({
    action,
    label: action === 'approve' ? 'Approve' : 'Decline',
    link: `/call-action?token=${encodeURIComponent(callActionToken(secret, callId, action, now))}`,
  }));
}

export const CALL_ACTION_LINK_ERRORS = {
  invalid: 'This approval link is not valid. Open the call from the Calls screen instead',
  expired: 'This approval link has expired. Open the call from the Calls screen instead',
} as const;
