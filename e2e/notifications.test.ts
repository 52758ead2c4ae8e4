import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after } from 'node:test';
import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { startMailbox } from './support/mailbox.ts';
import { artifactsDir } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'people-pass-123';
const people = {
  manager: {
    login: 'amy.manager@example.com',
    name: 'Amy Manager',
    role: 'accountManager',
    phone: '5550200',
  },
} as const;

/** Amy is the default account manager: every new lead's project is hers from its first second. */
async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    await db
      .insert(s.settings)
      .values({ name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: String(ids.manager) })
      .onConflictDoUpdate({ target: s.settings.name, set: { value: String(ids.manager) } });
  });
}

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

/** The visitor's side, as the wizard and the schedule modal send it: sign up, sign in, book the first slot. */
async function visitorSignsUpAndBooks(base: string) {
  const [states, budgets] = await Promise.all([
    call(base, 'GET', '/project-state'),
    call(base, 'GET', '/project-budget'),
  ]);
  const email = 'vera.visitor@example.com';
  const answer = await call(base, 'POST', '/user/register-client', {
    data: {
      type: 'user',
      attributes: {
        user: { name: 'Vera Visitor', email, password: 'visitor-pass-1', phone: '14155550142' },
        company: { title: 'Vera Bakery' },
        project: {
          title: 'Vera Bakery',
          project_state_id: Number(states.data[0].id),
          project_budget_id: Number(budgets.data[0].id),
        },
      },
    },
  });
  const projectId = Number(answer.data.project?.id ?? answer.data.project);
  const login = await call(base, 'POST', '/authorization/login', {
    data: { type: 'user', attributes: { login: email, password: 'visitor-pass-1', remember: '0' } },
  });
  const token = login.data.attributes.token as string;
  const slots = await call(base, 'GET', '/scheduled-call/available-slots?timezone=UTC', undefined, token);
  const first = (slots.data as Array<{ attributes: { slots: Array<{ scheduled: string }> } }>).flatMap(
    (d) => d.attributes.slots,
  )[0];
  assert.ok(first, 'a free slot');
  await call(
    base,
    'POST',
    '/scheduled-call/create',
    {
      data: {
        type: 'scheduled-call',
        attributes: { project_id: projectId, scheduled: first.scheduled, timezone: 'UTC' },
      },
    },
    token,
  );
  return { projectId };
}

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('notifications', { seed, env: { SMTP_URL: mailbox.smtpUrl } });

suite.journey(
  "a visitor signs up and books: the account manager's bell shows both live, and the mail arrives",
  async ({ page, app }) => {
    await signIn(page, people.manager.login, PASSWORD);
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    assert.equal(await bell.getAttribute('aria-label'), 'Notifications', 'nothing unread yet');

    // The visitor acts elsewhere; Amy's page is not reloaded.
    const { projectId } = await visitorSignsUpAndBooks(app.url);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 15_000 });

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('New lead: Vera Visitor signed up with "Vera Bakery"').waitFor();
    await panel.getByText('Vera Visitor booked a discovery call for "Vera Bakery"').waitFor();
    await expectNoA11yViolations(page);
    await mkdir(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, 'screens', 'notifications-bell-1280.png') });

    // The mail: the lead at once (the call joins the next mail, 5 minutes on).
    const mail = await mailbox.waitForMail(people.manager.login, (m) => m.subject.startsWith('New lead'));
    assert.match(mail.text, /Vera Bakery/);
    assert.match(mail.raw, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    assert.match(mail.text, new RegExp(`/project/daily-updates/${projectId}`));

    // An entry leads to its thing and is read from then on.
    await panel.getByRole('button', { name: /Unread: Vera Visitor booked a discovery call/ }).click();
    await page.waitForURL('**/calls');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    // On a phone: the bell sits beside the burger; mark all read.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await panel.getByText('New lead: Vera Visitor signed up with "Vera Bakery"').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'screens', 'notifications-bell-375.png') });
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // The settings: per kind, in the app and by e-mail.
    await panel.getByRole('link', { name: 'Notification settings' }).click();
    await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
    const callMail = page.getByRole('switch', { name: 'Call booked: by e-mail' });
    assert.equal(await callMail.isChecked(), true);
    await callMail.click({ force: true });
    await page.waitForFunction(
      () =>
        (document.querySelector('input[aria-label="Call booked: by e-mail"]') as HTMLInputElement)
          ?.checked === false,
    );
    await expectNoA11yViolations(page);
    await page.screenshot({
      path: join(artifactsDir, 'screens', 'notification-settings-375.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(artifactsDir, 'screens', 'notification-settings-1280.png') });
  },
);

suite.journey('an admin sees what is left to set up on the first screen', async ({ page, app }) => {
  await signIn(page, app.admin.email, app.admin.password);
  await page.waitForURL('**/projects-table');
  const checklist = page.getByRole('alert').filter({ hasText: 'Finish setting up' });
  await checklist.waitFor();
  // Amy is the default account manager and SMTP is set here: work hours, the public address and the
  // sender remain.
  await checklist.getByText('clients can book calls in').waitFor();
  await checklist.getByText(/PUBLIC_URL/).waitFor();
  // The sender is no-reply@ this test server's host, where no mailbox can be: named, with what to set.
  await checklist.getByText(/MAIL_FROM/).waitFor();
  assert.equal(await checklist.getByText('default account manager').count(), 0);
  assert.equal(await checklist.getByText(/SMTP_URL/).count(), 0);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(artifactsDir, 'screens', 'setup-checklist-375.png') });
});

suite.journey('a role that may not open a page is told so, with a way back', async ({ page }) => {
  // Vera signed up in the first journey; a client may not open the users table or the task board.
  await signIn(page, 'vera.visitor@example.com', 'visitor-pass-1');
  await page.waitForURL('**/project/daily-updates/*');
  const projectPath = new URL(page.url()).pathname;
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await page.goto('/users-table');
  await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: join(artifactsDir, 'screens', 'no-access-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(artifactsDir, 'screens', 'no-access-375.png') });
  await page.getByRole('link', { name: 'Go to my start page' }).click();
  await page.waitForURL(`**${projectPath}`);
  assert.deepEqual(refused, [], 'no call the server refuses');
});
