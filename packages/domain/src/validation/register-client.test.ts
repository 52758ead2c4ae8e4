import { describe, expect, it } from 'vitest';
import { clientProjectRequestSchema, registerClientSchema } from './register-client.ts';
import { errorsOf } from './test-helpers.ts';

const body = {
  user: {
    role: 'client',
    name: 'Ann Lee',
    email: 'ann@example.com',
    password: 'secret',
    phone: '14155550199',
    code: 'REF1',
    timezone: 'Europe/London',
  },
  company: { title: 'Shop app', company_size_id: 2 },
  project: {
    title: 'Shop app',
    project_state_id: '1',
    description: 'A shop for bikes',
    project_start_id: 3,
    project_type_ids: [1, '4'],
    tech_ids: [5],
    project_budget_id: 2,
    addition: 'Kiosk',
  },
};

describe('registerClientSchema', () => {
  it('parses the sign-up payload and coerces ids', () => {
    const parsed = registerClientSchema.parse(body);
    expect(parsed.project.project_state_id).toBe(1);
    expect(parsed.project.project_type_ids).toEqual([1, 4]);
    expect(parsed.company.company_size_id).toBe(2);
    expect(parsed.user.timezone).toBe('Europe/London');
  });

  it('drops description and addition of 3 characters or fewer', () => {
    const parsed = registerClientSchema.parse({
      ...body,
      project: { ...body.project, description: 'abc', addition: 'ab' },
    });
    expect(parsed.project.description).toBeUndefined();
    expect(parsed.project.addition).toBeUndefined();
  });

  it('rejects a description over 2048 characters', () => {
    const result = registerClientSchema.safeParse({
      ...body,
      project: { ...body.project, description: 'x'.repeat(2049) },
    });
    expect(result.success).toBe(false);
  });

  it('gives the wizard messages for user fields', () => {
    const errors = errorsOf(registerClientSchema, {
      ...body,
      user: { ...body.user, email: 'nope', phone: 'abc', password: '1' },
    });
    expect(errors['user.email']).toEqual(['Please, input correct e-mail address.']);
    expect(errors['user.phone']).toEqual(['Enter Correct Phone Number']);
    expect(errors['user.password']).toEqual(['Minimum 6 Characters']);
  });

  it('refuses any role other than client', () => {
    expect(registerClientSchema.safeParse({ ...body, user: { ...body.user, role: 'admin' } }).success).toBe(
      false,
    );
  });

  it('requires a state and a budget', () => {
    const { project_state_id: _s, project_budget_id: _b, ...project } = body.project;
    const errors = errorsOf(registerClientSchema, { ...body, project });
    expect(Object.keys(errors).sort()).toEqual(['project.project_budget_id', 'project.project_state_id']);
  });

  it('has a variant without the user for signed-in clients', () => {
    const { user: _u, ...rest } = body;
    expect(clientProjectRequestSchema.safeParse(rest).success).toBe(true);
  });
});
