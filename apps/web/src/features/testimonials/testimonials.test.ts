import { TESTIMONIAL_COUNT } from '@dd/domain';
import { describe, expect, it } from 'vitest';
import { pickSessionTestimonial, TESTIMONIALS } from './testimonials.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('testimonials', () => {
  it('holds 11 complete testimonials with distinct authors, all rated 5.0', () => {
    expect(TESTIMONIALS).toHaveLength(TESTIMONIAL_COUNT);
    expect(new Set(TESTIMONIALS.map((t) => t.author)).size).toBe(TESTIMONIAL_COUNT);
    for (const t of TESTIMONIALS) {
      expect(t.rating).toBe('5.0');
      for (const text of [t.highlight, t.quote, t.author, t.role, t.photo.initials])
        expect(text).not.toBe('');
    }
  });

  it('picks one at random and keeps it for the rest of the browser session', () => {
    const storage = memoryStorage();
    const first = pickSessionTestimonial(storage, () => 0.5);
    expect(first).toBe(TESTIMONIALS[5]);
    expect(pickSessionTestimonial(storage, () => 0)).toBe(first);
  });

  it('ignores a stored value that is not a valid index, and still works without storage', () => {
    expect(pickSessionTestimonial(memoryStorage({ 'dd.testimonial': '42' }), () => 0)).toBe(TESTIMONIALS[0]);
    expect(pickSessionTestimonial(undefined, () => 0.999)).toBe(TESTIMONIALS[10]);
  });
});
