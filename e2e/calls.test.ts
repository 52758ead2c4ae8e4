import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after } from 'node:test';
import { COMPANY_TIMEZONE, PHONE_PREFIX_BLACKLIST_SETTING } from '@dd/domain';
import type { Page } from 'playwright-core';
import { parseIcs } from '../apps/api/src/test/ical.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { e2eSuite, named, signIn } from './support/fixtures.ts';
import { type ReceivedMail, startMailbox } from './support/mailbox.ts';
import { artifactsDir } from './support/paths.ts';
import { seedDatabase } from './support/seed-db.ts';

const PASSWORD = 'people-pass-123';
const people = {
  carla: { login: 'carla@example.com', name: 'Carla Client', role: 'client', phone: '5550100' },
  // Phone prefix 92 is blacklisted: Pablo's call waits for approval.
  pablo: { login: 'pablo@example.com', name: 'Pablo Pending', role: 'client', phone: '925550111' },
  amy: { login: 'amy@example.com', name: 'Amy Manager', role: 'accountManager', phone: '5550200' },
  sam: { login: 'sam@example.com', name: 'Sam Super', role: 'superAdmin', phone: '5550300' },
} as const;
const projectIds: Record<string, number> = {};

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    for (const key of ['carla', 'pablo'] as const) {
      const [project] = await db
        .insert(s.projects)
        .values({ title: `${people[key].name} shop`, ownerId: ids[key], accountManagerId: ids.amy })
        .returning();
      projectIds[key] = project!.id;
      await db.insert(s.projectMembers).values({ projectId: project!.id, userId: ids[key], kind: 'client' });
    }
    await db
      .insert(s.settings)
      .values({ name: PHONE_PREFIX_BLACKLIST_SETTING, value: '92' })
      .onConflictDoUpdate({ target: s.settings.name, set: { value: '92' } });
  });
}

const JSON_API = 'application/vnd.api+json';

async function tokenOf(base: string, login: string): Promise<string> {
  const res = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': JSON_API },
    body: JSON.stringify({ data: { type: 'user', attributes: { login, password: PASSWORD } } }),
  });
  return ((await res.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

type Day = { attributes: { date: string; slots: Array<{ start: string }> } };
async function slotsOf(base: string, token: string): Promise<Day['attributes'][]> {
  const res = await fetch(`${base}/api/scheduled-call/available-slots?timezone=America/Los_Angeles`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: Day[] }).data.map((d) => d.attributes);
}

/** Books through the API as the client would; answers the HTTP status (403 for a blacklisted phone). */
async function book(base: string, token: string, projectId: number, start: string): Promise<number> {
  const scheduled = start.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
  const res = await fetch(`${base}/api/scheduled-call/create`, {
    method: 'POST',
    headers: { 'content-type': JSON_API, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      data: { type: 'scheduled-call', attributes: { project_id: projectId, scheduled, timezone: 'UTC' } },
    }),
  });
  return res.status;
}

/** The text/calendar part of a received mail, decoded (nodemailer sends it base64 or quoted-printable). */
function icsOf(mail: ReceivedMail) {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const at = raw.search(/Content-Type: text\/calendar/i);
  assert.ok(at >= 0, `no text/calendar part in '${mail.subject}'`);
  const part = raw.slice(at);
  const headEnd = part.indexOf('\n\n');
  const head = part.slice(0, headEnd);
  const body = part.slice(headEnd + 2).split(/\n--/)[0]!;
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return parseIcs(text.replace(/\n/g, '\r\n').replace(/\r\r\n/g, '\r\n'));
}

async function shot(page: Page, name: string) {
  const dir = join(artifactsDir, 'calls');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const mailbox = await startMailbox();
after(() => mailbox.close());
const suite = e2eSuite('calls', { seed, env: { SMTP_URL: mailbox.smtpUrl } });

/** Where the first journey moved Pablo's call (an ISO instant); the next journey marks that day off. */
let pabloMovedTo = '';

suite.journey(
  'staff approve a pending call and cancel another; the clients get calendar updates (same UID, higher SEQUENCE)',
  async ({ page, app }) => {
    const carla = await tokenOf(app.url, people.carla.login);
    const pablo = await tokenOf(app.url, people.pablo.login);
    const starts = (await slotsOf(app.url, carla)).flatMap((d) => d.slots).map((s) => s.start);
    const first = starts[0];
    // Clear of the first call's 15-minute buffer (docs/product.md §C9).
    const second = starts.find((s) => first && Date.parse(s) - Date.parse(first) >= 60 * 60_000);
    assert.ok(first && second);
    assert.equal(await book(app.url, carla, projectIds.carla!, first), 201);
    assert.equal(await book(app.url, pablo, projectIds.pablo!, second), 403); // held for approval
    const booked = await mailbox.waitForMail(people.carla.login, (m) =>
      m.subject.startsWith('Discovery call booked'),
    );
    const original = icsOf(booked).events[0]!;
    assert.equal(original.sequence, 0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, people.amy.login, PASSWORD);
    await page
      .getByRole('link', { name: named('Calls') })
      .first()
      .click();
    await page.waitForURL('**/calls');
    const pabloRow = page.getByRole('listitem').filter({ hasText: 'Pablo Pending shop' });
    await pabloRow.getByText('Waiting for approval').waitFor();
    await page.getByText(/Times in your timezone: /).waitFor();
    await expectNoA11yViolations(page, {});
    await shot(page, 'calls-1280');

    await pabloRow.getByRole('button', { name: /^Approve call / }).click();
    await pabloRow.getByText('Booked', { exact: true }).waitFor();
    const approved = await mailbox.waitForMail(people.pablo.login, (m) =>
      m.subject.startsWith('Discovery call confirmed'),
    );
    const approvedIcs = icsOf(approved);
    assert.equal(approvedIcs.method, 'REQUEST');
    assert.equal(approvedIcs.events[0]!.sequence, 1);
    assert.equal(approvedIcs.events[0]!.status, 'CONFIRMED');
    assert.equal(approvedIcs.events[0]!.start, new Date(second).toISOString());

    // The toast has gone before the next dialog is checked.
    await page.getByText('Call approved').waitFor({ state: 'detached' });

    // The dialog opens on the call's own day, named with its weekday. Pablo's call is then moved to the
    // first free day's first time (the next journey marks that day off): same UID, SEQUENCE 2, a new start.
    await pabloRow.getByRole('button', { name: /^Move call / }).click();
    const moveDialog = page.getByRole('dialog', { name: 'Move the call' });
    const day = moveDialog.getByLabel('Day', { exact: true });
    await day.waitFor();
    assert.match(await day.inputValue(), /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}$/);
    await day.click();
    await page.getByRole('option').first().click();
    const firstFree = moveDialog.getByRole('group', { name: 'Free times' }).getByRole('button').first();
    await firstFree.click();
    await moveDialog.getByRole('button', { name: 'MOVE HERE' }).click();
    await moveDialog.waitFor({ state: 'detached' });
    const moved = await mailbox.waitForMail(people.pablo.login, (m) =>
      m.subject.startsWith('Discovery call moved'),
    );
    const movedIcs = icsOf(moved);
    assert.equal(movedIcs.method, 'REQUEST');
    assert.equal(movedIcs.events[0]!.uid, approvedIcs.events[0]!.uid);
    assert.equal(movedIcs.events[0]!.sequence, 2);
    assert.notEqual(movedIcs.events[0]!.start, approvedIcs.events[0]!.start);
    pabloMovedTo = movedIcs.events[0]!.start;
    await page.getByText('Call moved').waitFor({ state: 'detached' });
    const carlaRow = page.getByRole('listitem').filter({ hasText: 'Carla Client shop' });
    await carlaRow.getByRole('button', { name: /^Cancel call / }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this call?' });
    await confirm.waitFor();
    await expectNoA11yViolations(page, {});
    await confirm.getByRole('button', { name: 'YES, CANCEL THE CALL' }).click();
    await carlaRow.getByText('Cancelled', { exact: true }).waitFor();
    const cancelled = await mailbox.waitForMail(people.carla.login, (m) =>
      m.subject.startsWith('Discovery call cancelled'),
    );
    const cancelIcs = icsOf(cancelled);
    assert.equal(cancelIcs.method, 'CANCEL');
    assert.equal(cancelIcs.events[0]!.uid, original.uid);
    assert.ok(cancelIcs.events[0]!.sequence > original.sequence);
    assert.equal(cancelIcs.events[0]!.status, 'CANCELLED');

    // The cancelled call's slot is free again for clients.
    const free = (await slotsOf(app.url, pablo)).flatMap((d) => d.slots).map((s) => s.start);
    assert.ok(free.some((s) => new Date(s).getTime() === new Date(first).getTime()));

    // The private calendar feed carries the approved call.
    await page.getByRole('button', { name: 'MAKE FEED ADDRESS' }).click();
    const address = await page.getByLabel('Your feed address (shown once)').inputValue();
    const feed = parseIcs(await (await fetch(address)).text());
    assert.ok(
      feed.events.some(
        (e) => e.uid === approvedIcs.events[0]!.uid && e.status === 'CONFIRMED' && e.sequence === 2,
      ),
    );

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('listitem').first().waitFor();
    const widths = (await page.evaluate(
      '[document.documentElement.scrollWidth, window.innerWidth]',
    )) as number[];
    assert.ok(widths[0]! <= widths[1]!, `no horizontal page scroll at 375 px (${widths.join(' > ')})`);
    await shot(page, 'calls-375');
  },
);

suite.journey(
  'an admin edits work hours and days off; the client’s slot list changes',
  async ({ page, app }) => {
    const carla = await tokenOf(app.url, people.carla.login);
    const before = await slotsOf(app.url, carla);
    // The day off is the day Pablo's call was moved to, in the agency's zone (days off are its dates).
    assert.ok(pabloMovedTo, 'the journey before moved Pablo’s call');
    const firstDate = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIMEZONE }).format(
      new Date(pabloMovedTo),
    );
    assert.ok(
      !before.some((d) => new Date(`${d.date}T12:00:00Z`).getUTCDay() === 6),
      'no Saturday slots yet',
    );

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, people.sam.login, PASSWORD);
    await page.goto('/project-settings');
    const card = page.getByRole('region', { name: 'Work hours for discovery calls' });
    await card.getByLabel('Saturday').check();
    await card.getByLabel('Day off', { exact: true }).fill(firstDate);
    await card.getByRole('button', { name: 'ADD DAY OFF' }).click();
    await card.getByText(firstDate, { exact: true }).waitFor();
    await expectNoA11yViolations(page, {});
    await shot(page, 'settings-1280');
    await card.getByRole('button', { name: 'SAVE WORK HOURS' }).click();
    await page.getByText('Updated!', { exact: true }).first().waitFor();

    // A call already booked on the new day off stays booked and is flagged on the Calls screen.
    await page.goto('/calls');
    const pabloRow = page.getByRole('listitem').filter({ hasText: 'Pablo Pending shop' });
    await pabloRow.getByText('Booked', { exact: true }).waitFor();
    await pabloRow.getByText('Outside work hours').waitFor();

    const after = await slotsOf(app.url, carla);
    assert.ok(!after.some((d) => d.date === firstDate), 'the day off has no slots');
    const saturdays = after.filter((d) => new Date(`${d.date}T12:00:00Z`).getUTCDay() === 6);
    assert.ok(saturdays.length >= 3, 'Saturdays now have slots');
    // The first Saturday may be today, its past hours gone (a run on a Saturday afternoon had 15), and
    // the last one the window's end: the second is a whole day.
    assert.equal(saturdays[1]!.slots.length, 16); // 09:00-17:00

    await page.setViewportSize({ width: 375, height: 812 });
    const widths = (await page.evaluate(
      '[document.documentElement.scrollWidth, window.innerWidth]',
    )) as number[];
    assert.ok(widths[0]! <= widths[1]!, `no horizontal page scroll at 375 px (${widths.join(' > ')})`);
    await shot(page, 'settings-375');
  },
);
