import { describe, expect, it } from 'vitest';
import { canUseGetStartedWizard } from './registration.ts';

describe('canUseGetStartedWizard', () => {
  it('lets visitors and clients in and keeps every staff role out', () => {
    expect(canUseGetStartedWizard(null)).toBe(true);
    expect(canUseGetStartedWizard({ id: 1, role: 'client' })).toBe(true);
    for (const role of ['admin', 'superAdmin', 'developer', 'assistant'] as const) {
      expect(canUseGetStartedWizard({ id: 1, role })).toBe(false);
    }
  });
});
