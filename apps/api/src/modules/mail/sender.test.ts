import { describe, expect, it } from 'vitest';
import { dkimFrom, loadConfig } from '../../config.ts';
import { mailDomainOf, outgoingMail, senderDomainProblem } from './sender.ts';

const message = { to: 'carla@client.test', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };

describe('the sender', () => {
  it('is MAIL_FROM, else no-reply@ the public address host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://desk.agency.example/' }).mailFrom).toBe(
      'Delivery Desk <no-reply@desk.agency.example>',
    );
    expect(loadConfig({}, { publicUrl: 'https://desk.agency.example' }).mailFrom).toBe(
      'Delivery Desk <no-reply@desk.agency.example>',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://desk.agency.example', MAIL_FROM: 'Agency <hello@agency.example>' })
        .mailFrom,
    ).toBe('Agency <hello@agency.example>');
    expect(loadConfig({}).mailFrom).toBe('Delivery Desk <no-reply@localhost>');
  });

  it('names the domains that cannot receive mail', () => {
    expect(senderDomainProblem(mailDomainOf('Delivery Desk <no-reply@localhost>'))).toBe('local');
    expect(senderDomainProblem('app.localhost')).toBe('local');
    expect(senderDomainProblem('intranet')).toBe('local');
    expect(senderDomainProblem('203.0.113.7')).toBe('ip');
    expect(senderDomainProblem('[2001:db8::1]')).toBe('ip');
    expect(senderDomainProblem(mailDomainOf(loadConfig({ PUBLIC_URL: 'http://[::1]:3000' }).mailFrom))).toBe(
      'ip',
    );
    expect(senderDomainProblem('agency.example')).toBeNull();
  });
});

describe('outgoingMail', () => {
  const config = { mailFrom: 'Agency <no-reply@agency.example>', mailReplyTo: null, dkim: null };

  it('gives every message the sender and a fresh Message-ID of its domain', () => {
    const a = outgoingMail(message, config);
    const b = outgoingMail(message, config);
    expect(a.from).toBe(config.mailFrom);
    expect(a.messageId).toMatch(/^<[0-9a-f-]{36}@agency\.example>$/);
    expect(a.messageId).not.toBe(b.messageId);
  });

  it('marks a notice Auto-Submitted; a mail with a Reply-To or inviting an answer is not', () => {
    expect(outgoingMail(message, config).headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    const answered = outgoingMail({ ...message, replyTo: 'amy@agency.example' }, config);
    expect(answered).toMatchObject({ replyTo: 'amy@agency.example', headers: {} });
    const project = outgoingMail({ ...message, invitesAnswer: true }, config);
    expect(project.headers).toEqual({});
    expect(project).not.toHaveProperty('replyTo');
    // MAIL_REPLY_TO answers for a mail that invites an answer but names nobody; never for a notice.
    const desk = { ...config, mailReplyTo: 'desk@agency.example' };
    expect(outgoingMail({ ...message, invitesAnswer: true }, desk).replyTo).toBe('desk@agency.example');
    expect(outgoingMail(message, desk)).not.toHaveProperty('replyTo');
    expect(outgoingMail({ ...message, replyTo: 'amy@agency.example' }, desk).replyTo).toBe(
      'amy@agency.example',
    );
  });

  it('never hands the secrets or the app-only fields to nodemailer', () => {
    const out = outgoingMail({ ...message, secrets: ['https://x/reset/t'], invitesAnswer: true }, config);
    expect(out).not.toHaveProperty('secrets');
    expect(out).not.toHaveProperty('invitesAnswer');
  });

  it('sends a calendar as icalEvent (a text/calendar alternative and the file attached)', () => {
    const calendar = {
      method: 'CANCEL' as const,
      filename: 'discovery-call.ics',
      content: 'BEGIN:VCALENDAR',
    };
    expect(outgoingMail({ ...message, calendar }, config)).toMatchObject({ icalEvent: calendar });
  });
});

describe('DKIM settings', () => {
  it('all three or none; an inline key may carry \\n for newlines', () => {
    expect(dkimFrom({})).toBeNull();
    expect(
      dkimFrom({ DKIM_DOMAIN: 'Agency.Example', DKIM_SELECTOR: 'dd1', DKIM_PRIVATE_KEY: 'a\\nb' }),
    ).toEqual({
      domainName: 'agency.example',
      keySelector: 'dd1',
      privateKey: 'a\nb',
    });
    expect(() => dkimFrom({ DKIM_DOMAIN: 'agency.example', DKIM_SELECTOR: 'dd1' })).toThrow(/together/);
    expect(() => dkimFrom({ DKIM_PRIVATE_KEY: 'k' })).toThrow(/DKIM_DOMAIN/);
  });
});
