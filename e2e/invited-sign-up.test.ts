import assert from 'node:assert/strict';
import { after } from 'node:test';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('invited-sign-up', { env: { SMTP_URL: mailbox.smtpUrl } });

const JSON_API = 'application/vnd.api+json';

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      accept: JSON_API,
      ...(body ? { 'content-type': JSON_API } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A client signs up through the wizard call, so there is a project to invite someone to. */
async function projectToInviteTo(base: string): Promise<{ id: number; title: string }> {
  const [states, budgets] = await Promise.all([
    call(base, 'GET', '/project-state'),
    call(base, 'GET', '/project-budget'),
  ]);
  const title = 'Harbour Ledger';
  const answer = await call(base, 'POST', '/user/register-client', {
    data: {
      type: 'user',
      attributes: {
        user: {
          name: 'Olga Owner',
          email: 'olga.owner@example.com',
          password: 'owner-pass-1',
          phone: '14155550198',
        },
        company: { title },
        project: {
          title,
          project_state_id: Number(states.data[0].id),
          project_budget_id: Number(budgets.data[0].id),
        },
      },
    },
  });
  return { id: Number(answer.data.project?.id ?? answer.data.project), title };
}

suite.journey(
  'an invited person signs up from the mailed link and lands on the project',
  async ({ page, app }) => {
    const project = await projectToInviteTo(app.url);
    assert.ok(Number.isInteger(project.id) && project.id > 0, 'the project was created');
    const admin = await call(app.url, 'POST', '/authorization/login', {
      data: {
        type: 'user',
        attributes: { login: app.admin.email, password: app.admin.password, remember: '0' },
      },
    });
    const invitee = 'ivy.invited@example.com';
    await call(
      app.url,
      'POST',
      '/invitation/create',
      { data: { type: 'invitation', attributes: { email: invitee, project_id: project.id } } },
      admin.data.attributes.token,
    );

    const mail = await mailbox.waitForMail(invitee);
    assert.match(mail.subject, /Delivery Desk/);
    assert.match(mail.text, new RegExp(project.title));
    const link = /https?:\/\/\S+\/register-invited-user\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    assert.ok(link?.startsWith(app.url), `an invited sign-up link on PUBLIC_URL in:\n${mail.text}`);
    if (!link) return;

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Sing Up' }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    await page.waitForFunction((expected) => {
      const input = (
        globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }
      ).document.querySelector('input[type=email]');
      return input?.value === expected;
    }, invitee);
    assert.equal(await email.inputValue(), invitee, 'the e-mail comes from the invitation');
    assert.equal(await email.isDisabled(), true, 'the e-mail cannot be changed');
    await expectNoA11yViolations(page);

    // The spec's rules, shown before anything is sent.
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: named('CREATE') }).click();
    await page.getByText('Minimum 6 Characters', { exact: true }).waitFor();

    await page.getByLabel('Full name', { exact: true }).fill('Ivy Invited');
    await page.getByLabel('Phone', { exact: true }).fill('+1 415 555 0142');
    await page.getByRole('combobox', { name: 'Time zone' }).fill('Berlin');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await page.getByLabel('Password', { exact: true }).fill('invited-pass-1');
    await page.getByRole('button', { name: named('CREATE') }).click();

    // Signed in as the new client, on the invited project.
    await page.waitForURL(`**/project/daily-updates/${project.id}`);
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/authorization/check', {
        headers: { accept: 'application/vnd.api+json' },
      });
      return (await response.json()) as { data: { attributes: Record<string, unknown> } };
    });
    assert.equal(session.data.attributes.email, invitee);
    assert.equal(session.data.attributes.role, 'client');

    // The invitation works once.
    await page.evaluate(() => fetch('/api/authorization/logout', { method: 'DELETE' }));
    await page.goto(link);
    await page.getByText(/This invitation link is invalid/).waitFor();
  },
);
