import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(1000)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'{'.repeat(1000)}"}`, 2)).toBe(false);
  });

  it('answers a 40,000-level body in linear time', () => {
    const deep = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;
    const started = performance.now();
    expect(jsonNestsDeeperThan(deep)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
