import { describe, expect, it } from 'vitest';
import { addTeamMemberSchema, isAllowedAvatarFileName } from './add-team-member.ts';
import { errorsOf } from './test-helpers.ts';

describe('addTeamMemberSchema', () => {
  it('trims name and email', () => {
    expect(addTeamMemberSchema.parse({ avatar: 'me.PNG', name: ' Ann ', email: ' ann@x.io ' })).toEqual({
      avatar: 'me.PNG',
      name: 'Ann',
      email: 'ann@x.io',
    });
  });

  it('gives docs/product.md messages for missing fields', () => {
    expect(errorsOf(addTeamMemberSchema, { avatar: '', name: '  ', email: '' })).toEqual({
      avatar: ['Avatar is required!'],
      name: ['Name is required!'],
      email: ['Email is required!'],
    });
  });

  it('checks the e-mail format and the avatar extension', () => {
    expect(errorsOf(addTeamMemberSchema, { avatar: 'me.bmp', name: 'Ann', email: 'ann' })).toEqual({
      avatar: ['Only .jpeg or .png or .gif images allowed!'],
      email: ['Wrong email format!'],
    });
  });

  it.each([
    ['a.jpg', true],
    ['a.JPEG', true],
    ['a.gif', true],
    ['a.png', true],
    ['a.webp', false],
    ['png', false],
    ['a.png.exe', false],
  ])('avatar %s allowed: %s', (name, ok) => expect(isAllowedAvatarFileName(name)).toBe(ok));
});
