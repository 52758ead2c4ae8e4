/** Business constants and limits from docs/product.md and docs/product.md part D. One place, imported by server and web. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Record ids are PostgreSQL `integer`s: an id above this can name no record (docs/product.md §F4).
export const ID_MAX = 2_147_483_647;

// Text caps (docs/product.md §F4). The spec gives the wizard description (2048) and the estimate (14);
// the rest are our sane ceilings, one per kind of text, used by every zod schema (server and web forms).
export const TEXT_MAX = {
  /** Names, titles, logins, short choices. */
  short: 255,
  email: 254,
  phone: 32,
  password: 256,
  timezone: 64,
  /** Links and redirect URLs. */
  url: 2048,
  /** A query parameter such as include or sort. */
  query: 1000,
  /** Tokens and codes carried in links. */
  token: 200,
  /** Project descriptions and additions, updates, comments: a few pages of text. */
  long: 20_000,
} as const;

// Files and display (docs/product.md §C5, §C9).
export const MAX_FILE_SIZE = 25_000_000;
export const FILE_NAME_DISPLAY_LIMIT = 25;
/** Kept characters of a shortened file name, before '... .' and the extension. */
export const FILE_NAME_SHORT_PREFIX = 20;
export const LINK_TEXT_DISPLAY_LIMIT = 25;

// Lists (docs/product.md §A9).
export const PAGE_SIZE = 15;
/** Pagination shows first/previous/next/last arrows from this many pages on. */
export const PAGINATION_ARROWS_FROM = 4;
/** Number of sliding page-number buttons. */
export const PAGINATION_BUTTONS = 3;
export const DEFAULT_SORTS = {
  projects: '-created',
  users: 'name',
  teams: 'title',
  companies: 'title',
} as const;

// Form minimums (docs/product.md §C5, §C9; docs/product.md §A5, §A9).
export const PASSWORD_MIN = 6;
export const PROJECT_INPUT_MIN = 3;
export const ADMIN_NAME_MIN = 2;
export const ADMIN_PHONE_MIN = 3;

// Wizard (docs/product.md §C4, §C9).
export const WIZARD_STEPS = 6;
export const WIZARD_DESCRIPTION_MAX = 2048;
/** Description and 'Other' addition are sent only when longer than this (docs/product.md §C3). */
export const WIZARD_OPTIONAL_TEXT_MIN_SENT = 4;
export const DRAFT_TTL_MS = DAY_MS;
export const WIZARD_DRAFT_THROTTLE_MS = 1000;
export const ADMIN_DRAFT_THROTTLE_MS = 2000;

// Shell (docs/product.md §C2).
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TESTIMONIAL_COUNT = 11;
export const TESTIMONIAL_RATING = '5.0';
export const TECH_MENU_HEIGHT_PX = 150;

// Task board (docs/product.md §C5, §A2, §A9).
export const ESTIMATE_MAX_CHARS = 14;
export const TASK_SIDEBAR_COLLAPSE = 690;

// Calls (docs/product.md §C9, §D6).
export const SLOT_MINUTES = 30;
export const CALL_MIN_LEAD_HOURS = 2;
export const CALL_MAX_WEEKS = 4;
export const COMPANY_TIMEZONE = 'America/Los_Angeles';
/** The booking modal recomputes its minimum date when reopened after this long (docs/product.md §C9). */
export const CALL_MIN_DATE_RECOMPUTE_MS = 60_000;
export const SCHEDULE_MODAL_RESET_MS = 300;
export const WORK_DAY_START = '07:00';
export const WORK_DAY_END = '23:30';

export type WorkPeriod = { start: string; end: string };
export type WorkDay = { weekday: 1 | 2 | 3 | 4 | 5 | 6 | 7; periods: WorkPeriod[] };

/**
 * Default work hours in the company timezone. The specs give the hours (07:00-23:30) but not the days;
 * we open Monday to Friday, as an agency's discovery calls are business-day meetings, and the client
 * spec already expects disabled days in the date picker. Stored work hours override this.
 */
export const WORK_HOURS: readonly WorkDay[] = ([1, 2, 3, 4, 5] as const).map((weekday) => ({
  weekday,
  periods: [{ start: WORK_DAY_START, end: WORK_DAY_END }],
}));

/**
 * The work hours a new install is seeded with (docs/product.md §F1): Monday to Friday 09:00-17:00, wall
 * clock in the company timezone setting. Installs seeded earlier keep the hours they have stored.
 */
export const NEW_INSTALL_WORK_HOURS: readonly WorkDay[] = ([1, 2, 3, 4, 5] as const).map((weekday) => ({
  weekday,
  periods: [{ start: '09:00', end: '17:00' }],
}));

// Tour (docs/product.md §C4).
export const TOUR_STEPS = 3;
export const TOUR_CHAT_ADVANCE_MS = 2000;
export const HINT_SCROLL_INTERVAL_MS = 300;

// Security choices docs/product.md leave open (docs/product.md §D4).
/** Failed logins allowed per login within the window before further attempts are refused. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;
export const INVITATION_TTL_MS = 7 * DAY_MS;

// Settings (docs/product.md §A3): the name is spelled so in docs/product.md and stored that way.
export const DEFAULT_ACCOUNT_MANAGER_SETTING = 'defaultAccauntManager';
export const SETTING_UNSET_VALUE = 'init';

// Layout (docs/product.md §C9, §A9).
export const BREAKPOINTS = { sm: 575, md: 768, lg: 991, xl: 1199 } as const;

/** The widths from which the client carousel shows one more project card: 2 cards from 700 px on, and so on. */
export const CAROUSEL_CARD_WIDTHS = [700, 991, 1281] as const;

/** Project cards visible in the client carousel: 4; 3 below 1281 px; 2 below 991 px; 1 below 700 px. */
export function carouselCardsForWidth(widthPx: number): 1 | 2 | 3 | 4 {
  return (1 + CAROUSEL_CARD_WIDTHS.filter((min) => widthPx >= min).length) as 1 | 2 | 3 | 4;
}

/** Error reporting trace sample rate (third party, off by default). */
export const ERROR_TRACE_SAMPLE_RATE = 0.05;
