import { describe, expect, it } from 'vitest';
import {
  confirmDeactivateUser,
  confirmDeleteCompany,
  confirmDeleteTeam,
  LOGIN_ERROR,
  MESSAGES,
  projectsStripText,
  SERVER_ERRORS,
  unableToAddRole,
} from './messages.ts';

describe('messages keep docs/product.md wording, typos included', () => {
  it.each([
    [MESSAGES.genericError, 'Something went wrong. Please contact support for more information'],
    [MESSAGES.passwordIncorrect, 'Sorry, password is incorrect'],
    [MESSAGES.loginInvalid, 'Please, input correct login.'],
    [MESSAGES.loginTaken, 'Login is already taken.'],
    [MESSAGES.loginOccupied, 'Sorry, this login occupied.'],
    [MESSAGES.emailInvalid, 'Please, input correct e-mail address.'],
    [MESSAGES.emailNotFound, "We can't find a user with that e-mail address."],
    [MESSAGES.forgotSuccess, 'Please check your email. We sent you a link to create a new password.'],
    [MESSAGES.passwordsDontMatch, "Passwords don't match."],
    [MESSAGES.emailTaken, 'Email is already taken.'],
    [MESSAGES.phoneInvalid, 'Enter Correct Phone Number'],
    [MESSAGES.passwordMin, 'Minimum 6 Characters'],
    [MESSAGES.titleInvalid, 'Please, input correct title'],
    [MESSAGES.linkInvalid, 'Invald link'],
    [MESSAGES.signUpHeading, 'Sing Up'],
    [MESSAGES.slotTaken, 'Sorry this time slot has been booked few minutes ago. Please, choose another time'],
    [MESSAGES.invitationFailed, "Something went wrong during the user's invitation."],
    [MESSAGES.emailOccupied, 'Sorry, this email occupied.'],
    [MESSAGES.confirmDeleteProject, 'Do you really want to delete this project?'],
    [LOGIN_ERROR.heading, 'Whoops! Something went wrong!'],
    [LOGIN_ERROR.wrongEmail, 'Wrong email adress.'],
    [SERVER_ERRORS.invalidUrl, 'Url is not a valid URL.'],
    [SERVER_ERRORS.phoneBlacklisted, 'User phone is blacklisted'],
    [SERVER_ERRORS.emailRegistered, 'User with this email is already registered'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('server titles differ from the screen text by the trailing dot', () => {
    expect(SERVER_ERRORS.emailTaken).toBe('Email is already taken');
    expect(MESSAGES.emailTaken).toBe(`${SERVER_ERRORS.emailTaken}.`);
    expect(MESSAGES.loginTaken).toBe(`${SERVER_ERRORS.loginTaken}.`);
  });

  it('has no duplicated key text by accident except where docs/product.md repeats it', () => {
    const values = Object.values(MESSAGES);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('message builders', () => {
  it('wraps names in the confirm dialogs', () => {
    expect(confirmDeactivateUser('Ann Lee')).toBe('Do you want to deactivate this user (Ann Lee)?');
    expect(confirmDeleteTeam('Falcons')).toBe('Do you want to delete this team (Falcons)?');
    expect(confirmDeleteCompany('Acme')).toBe('Do you want to delete this company (Acme)?');
  });

  it('names the role in the create-user fallback', () => {
    expect(unableToAddRole('developer')).toBe('Unable to add developer to project');
  });

  it('counts projects in the client strip', () => {
    expect(projectsStripText(2)).toBe('You have 2 project(s). Have more ideas? Create a new project');
  });
});
