import { TESTIMONIAL_COUNT, TESTIMONIAL_RATING } from '@dd/domain';

/**
 * The testimonial card beside the login screens (docs/product.md §C1): 11 testimonials, one picked at
 * random per browser session, each with photo, highlight, quote, author, role and a fixed 5.0 rating.
 * There is no internet at runtime, so the "photo" is a portrait drawn locally: initials on a gradient.
 */
export type Testimonial = {
  photo: { initials: string; from: string; to: string };
  highlight: string;
  quote: string;
  author: string;
  role: string;
  rating: typeof TESTIMONIAL_RATING;
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    photo: { initials: 'MR', from: '#3a44bd', to: '#6a72dc' },
    highlight: 'Our MVP shipped in nine weeks',
    quote:
      'We came with a slide deck and a deadline. The daily updates meant I never had to chase anyone, and the first paying customers were using the app two months later.',
    author: 'Maya Rosen',
    role: 'Founder, Tidewell Health',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'DO', from: '#0b7285', to: '#3bc9db' },
    highlight: 'Like having our own engineering team',
    quote:
      'The developers joined our stand-ups, asked the right questions and pushed back when a feature did not make sense. It never felt like working with an outside agency.',
    author: 'Daniel Okafor',
    role: 'CTO, Freightline',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'SL', from: '#862e9c', to: '#cc5de8' },
    highlight: 'The trial took all the risk out',
    quote:
      'We tried the team for two weeks before committing. By the end of the trial they had already fixed the checkout bug our previous vendor gave up on.',
    author: 'Sofia Lindqvist',
    role: 'Head of E-commerce, Nordhem',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'RK', from: '#2b8a3e', to: '#69db7c' },
    highlight: 'Clear estimates, kept every sprint',
    quote:
      'Every sprint started with an honest estimate and ended with a demo. When something slipped, we heard about it the same day, not at the invoice.',
    author: 'Rahul Kapoor',
    role: 'Product Director, LedgerLoop',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'AB', from: '#c2255c', to: '#f06595' },
    highlight: 'Legacy rewrite without downtime',
    quote:
      'They moved a ten-year-old PHP platform to a modern stack while our customers kept booking. Not one outage during the switch-over weekend.',
    author: 'Amélie Bernard',
    role: 'Operations Manager, Voyagio',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'JT', from: '#e8590c', to: '#ffa94d' },
    highlight: 'We finally see what is happening',
    quote:
      'I can open the dashboard on my phone between meetings and know exactly where the project stands. That visibility alone was worth switching.',
    author: 'James Thornton',
    role: 'CEO, Brightfield Energy',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'NC', from: '#1864ab', to: '#4dabf7' },
    highlight: 'Scaled from 2 to 8 developers in a month',
    quote:
      'When our seed round closed we needed to grow fast. The account manager had vetted developers on the project within days, and quality never dropped.',
    author: 'Nina Castillo',
    role: 'Co-founder, Parcelpoint',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'TW', from: '#5f3dc4', to: '#9775fa' },
    highlight: 'Security review passed first time',
    quote:
      'Our enterprise client ran a full penetration test on the platform the team built. It came back clean, which had never happened to us before.',
    author: 'Thomas Wagner',
    role: 'VP Engineering, Certivo',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'LN', from: '#087f5b', to: '#38d9a9' },
    highlight: 'A discovery call that changed our plan',
    quote:
      'Thirty minutes with their architect saved us from building three features nobody needed. We launched smaller, sooner, and with a much clearer roadmap.',
    author: 'Linh Nguyen',
    role: 'Founder, Studybloom',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'OA', from: '#a61e4d', to: '#e64980' },
    highlight: 'Our mobile app rating went to 4.8',
    quote:
      'They rebuilt the app our users complained about most. Crash reports dropped to almost zero and the store reviews turned around within a quarter.',
    author: 'Omar Al-Farsi',
    role: 'Digital Lead, Souqly',
    rating: TESTIMONIAL_RATING,
  },
  {
    photo: { initials: 'HM', from: '#364fc7', to: '#748ffc' },
    highlight: 'Three years and counting',
    quote:
      'We started with a small integration project and never left. The same people still know our codebase, and onboarding a new feature takes hours, not weeks.',
    author: 'Hannah Müller',
    role: 'Managing Director, Kontor Logistics',
    rating: TESTIMONIAL_RATING,
  },
];

const STORAGE_KEY = 'dd.testimonial';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserSessionStorage(): SessionStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // blocked storage throws on access
  }
}

/** One random testimonial per browser session, remembered in sessionStorage. */
export function pickSessionTestimonial(
  storage: SessionStore | undefined = browserSessionStorage(),
  random: () => number = Math.random,
): Testimonial {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const stored = raw ? Number(raw) : Number.NaN;
    const remembered = TESTIMONIALS[stored];
    if (Number.isInteger(stored) && remembered) return remembered;
  } catch {
    // Unreadable storage: pick a fresh one.
  }
  const index = Math.min(Math.floor(random() * TESTIMONIAL_COUNT), TESTIMONIALS.length - 1);
  try {
    storage?.setItem(STORAGE_KEY, String(index));
  } catch {
    // Storage can be full or blocked (private mode); the card still shows, just not sticky.
  }
  return TESTIMONIALS[index]!;
}
