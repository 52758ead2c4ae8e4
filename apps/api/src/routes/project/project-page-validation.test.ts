import { MARKDOWN_ALLOWED_ATTRIBUTES, MARKDOWN_ALLOWED_TAGS, MAX_FILE_SIZE } from '@dd/domain';
import { MARKDOWN_XSS_PAYLOADS } from '@dd/domain/xss-payloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildProject, buildUser, DEFAULT_PASSWORD, signedInAs } from '../../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function ownedProject() {
  const { db } = t.database;
  const company = await buildCompany(db);
  const client = await signedInAs(t.app, db, 'client', { companyId: company.id });
  const project = await buildProject(db, { ownerId: client.user.id, companyId: company.id });
  return { ...client, project, company };
}

describe('project details save', () => {
  it("refuses a blank title with 'Invalid project title'", async () => {
    const { headers, project } = await ownedProject();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}`,
      headers,
      payload: { data: { type: 'project', attributes: { title: '   ' } } },
    });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toMatchObject({
      title: 'Invalid project title',
      source: { pointer: '/data/attributes/title' },
    });
  });

  it('saves attributes and the tech and types relationships', async () => {
    const { headers, project } = await ownedProject();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}`,
      headers,
      payload: {
        data: {
          type: 'project',
          attributes: {
            title: 'New name',
            description: 'A shop',
            'project-size-id': 1,
            'project-status-id': null,
          },
          relationships: {
            tech: { data: [{ type: 'tech', id: '1' }] },
            types: { data: [{ type: 'project-type', id: '1' }] },
          },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=tech,types,size`,
      headers: { authorization: headers.authorization },
    });
    const doc = read.json();
    expect(doc.data.attributes).toMatchObject({
      title: 'New name',
      description: 'A shop',
      'project-size-id': 1,
    });
    expect(doc.data.relationships.tech.data).toEqual([{ type: 'tech', id: '1' }]);
    expect(doc.included.map((r: { type: string }) => r.type).sort()).toEqual([
      'project-size',
      'project-type',
      'tech',
    ]);
  });

  it("refuses a blank company name with 'Invalid company name' and saves a good one", async () => {
    const { headers, company } = await ownedProject();
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${company.id}`,
      headers,
      payload: { data: { type: 'company', attributes: { title: '', 'company-size-id': null } } },
    });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)?.title).toBe('Invalid company name');
    const good = await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${company.id}`,
      headers,
      payload: { data: { type: 'company', attributes: { title: 'Acme Ltd', 'company-size-id': 1 } } },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.attributes).toEqual({ title: 'Acme Ltd', 'company-size-id': 1 });
  });

  it("refuses a malformed owner e-mail with 'Invalid email' and saves valid details", async () => {
    const { headers, user } = await ownedProject();
    const details = {
      name: 'Ann Owner',
      email: 'not-an-email',
      phone: '+14155551234',
      timezone: 'Europe/Paris',
      help_needed: 'not_sure',
    };
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/details`,
      headers,
      payload: { data: { type: 'user', attributes: details } },
    });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)).toMatchObject({
      title: 'Invalid email',
      source: { pointer: '/data/attributes/email' },
    });
    const good = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/details`,
      headers,
      payload: {
        data: {
          type: 'user',
          attributes: { ...details, email: 'ann@example.com', 'current-password': DEFAULT_PASSWORD },
        },
      },
    });
    expect(good.statusCode).toBe(200);
    // The owner's own new e-mail waits for that mailbox (docs/product.md §F4).
    expect(good.json().meta).toEqual({ 'email-confirmation-sent-to': 'ann@example.com' });
    expect(good.json().data.attributes).toMatchObject({
      'help-needed': 'not_sure',
      timezone: 'Europe/Paris',
    });
  });

  it('refuses owner details and company changes from someone who may not update the project', async () => {
    const { user, company } = await ownedProject();
    const dev = await signedInAs(t.app, t.database.db, 'developer');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/details`,
      headers: dev.headers,
      payload: {
        data: { type: 'user', attributes: { name: 'Eve', email: 'eve@example.com', phone: '+14155550000' } },
      },
    });
    expect(res.statusCode).toBe(403);
    const company403 = await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${company.id}`,
      headers: dev.headers,
      payload: { data: { type: 'company', attributes: { title: 'Taken over' } } },
    });
    expect(company403.statusCode).toBe(403);
  });
});

describe('admin-level users', () => {
  it('may save a company that has no project yet', async () => {
    const company = await buildCompany(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${company.id}`,
      headers,
      payload: { data: { type: 'company', attributes: { title: 'Renamed Co', 'company-size-id': null } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.title).toBe('Renamed Co');
  });
});

describe('readonlyManager', () => {
  it('receives no phone or e-mail of the owner or the account manager', async () => {
    const { db } = t.database;
    const accountManager = await buildUser(db, { role: 'accountManager' });
    const { project } = await ownedProject();
    const { headers } = await signedInAs(t.app, db, 'readonlyManager');
    const { projects } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await db.update(projects).set({ accountManagerId: accountManager.id }).where(eq(projects.id, project.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=owner,account-manager,client`,
      headers: { authorization: headers.authorization },
    });
    expect(res.statusCode).toBe(200);
    const people = res.json().included.filter((r: { type: string }) => r.type === 'user');
    expect(people.length).toBeGreaterThanOrEqual(2);
    for (const person of people) {
      expect(person.attributes.email).toBeNull();
      expect(person.attributes.phone).toBeNull();
    }
    expect(res.body).not.toContain(accountManager.email);
    expect(res.body).not.toContain(accountManager.phone);
  });
});

describe('files', () => {
  const upload = (projectId: number, headers: Record<string, string>, bytes: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/upload-file`,
      headers,
      payload: {
        data: {
          type: 'file',
          attributes: {
            title: 'big.bin',
            data: `data:application/octet-stream;base64,${Buffer.alloc(bytes, 7).toString('base64')}`,
          },
        },
      },
    });

  it('accepts exactly 25,000,000 bytes and refuses 25,000,001 with Maximum size 25mb', async () => {
    const { headers, project } = await ownedProject();
    const over = await upload(project.id, headers, MAX_FILE_SIZE + 1);
    expect(over.statusCode).toBe(422);
    expect(firstError(over)?.title).toBe('Maximum size 25mb');
    const exact = await upload(project.id, headers, MAX_FILE_SIZE);
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.attributes).toMatchObject({ title: 'big.bin', size: MAX_FILE_SIZE });
    // The project answer lists the file without its bytes.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=file`,
      headers: { authorization: headers.authorization },
    });
    expect(read.body.length).toBeLessThan(10_000);
    // JSON:API 1.0: the id beside the attributes, never inside them.
    expect(read.json().included[0].id).toBe(exact.json().data.id);
    expect(read.json().included[0].attributes).toEqual({
      title: 'big.bin',
      size: MAX_FILE_SIZE,
      mime: 'application/octet-stream',
      'relationship-created': expect.any(String),
    });
  }, 120_000);

  it('serves a download as an attachment with nosniff, and as a data URL', async () => {
    const { headers, project } = await ownedProject();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/upload-file`,
      headers,
      payload: {
        data: {
          type: 'file',
          attributes: { title: 'page <x>.html', data: 'data:text/html;base64,PHNjcmlwdD4xPC9zY3JpcHQ+' },
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/${id}/download`,
      headers: { authorization: headers.authorization },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="page <x>.html"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.body).toBe('<script>1</script>');
    const asData = await t.app.inject({
      method: 'GET',
      url: `/api/file/${id}`,
      headers: { authorization: headers.authorization },
    });
    expect(asData.json().data.attributes).toMatchObject({
      title: 'page <x>.html',
      data: 'data:text/html;base64,PHNjcmlwdD4xPC9zY3JpcHQ+',
    });
  });
});

describe('links', () => {
  it("refuses an invalid url with 'Url is not a valid URL.' and attaches a valid one", async () => {
    const { headers, project } = await ownedProject();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/link/create',
      headers,
      payload: { data: { type: 'link', attributes: { title: 'Project link', url: 'not a url' } } },
    });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)?.title).toBe('Url is not a valid URL.');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/link/create',
      headers,
      payload: {
        data: { type: 'link', attributes: { title: 'Project link', url: 'https://example.com/spec' } },
      },
    });
    expect(created.statusCode).toBe(201);
    const linkId = created.json().data.id;
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/relationships/link`,
      headers,
      payload: { data: [{ type: 'link', id: linkId }] },
    });
    expect(attach.statusCode).toBe(204);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=link`,
      headers: { authorization: headers.authorization },
    });
    expect(read.json().included[0].attributes.url).toBe('https://example.com/spec');
  });
});

describe('updates', () => {
  it('stores markdown as text, sets the reporter to the caller and lists newest first', async () => {
    const { db } = t.database;
    const { project, headers: clientHeaders } = await ownedProject();
    const pm = await signedInAs(t.app, db, 'projectManager');
    const other = await buildUser(db, { role: 'developer' });
    const post = (description: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/project-update/post',
        headers: pm.headers,
        payload: {
          data: {
            type: 'project-update',
            attributes: { title: 'update', project_id: project.id, reporter_user_id: other.id, description },
          },
        },
      });
    expect((await post('')).statusCode).toBe(422);
    expect((await post('0')).statusCode).toBe(422);
    expect((await post('0.00')).statusCode).toBe(422);
    const first = await post('**Done** <script>alert(1)</script>');
    expect(first.statusCode).toBe(201);
    expect(first.json().data.attributes).toMatchObject({
      description: '**Done** <script>alert(1)</script>',
      // Sent rendered and sanitised too: the page shows it without a renderer of its own (docs/adr/0034).
      'description-html': '<p><strong>Done</strong> </p>\n',
      'reporter-user-id': pm.user.id,
    });
    await post('Second');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/project-update/search?filter[project_id]=${project.id}&include=reporter&sort=-created&page[size]=null`,
      headers: { authorization: clientHeaders.authorization },
    });
    expect(list.statusCode).toBe(200);
    const doc = list.json();
    expect(doc.data.map((u: { attributes: { description: string } }) => u.attributes.description)).toEqual([
      'Second',
      '**Done** <script>alert(1)</script>',
    ]);
    expect(
      doc.data.map((u: { attributes: Record<string, string> }) => u.attributes['description-html']),
    ).toEqual(['<p>Second</p>\n', '<p><strong>Done</strong> </p>\n']);
    expect(doc.included).toHaveLength(1);
    expect(doc.included[0]).toMatchObject({ type: 'user', id: String(pm.user.id) });
    expect(doc.meta).toMatchObject({ 'total-count': 2 });
  });

  it('sends every attack as harmless HTML: no element, attribute or link outside the allow-list', async () => {
    const { project, headers: clientHeaders } = await ownedProject();
    const pm = await signedInAs(t.app, t.database.db, 'projectManager');
    for (const description of MARKDOWN_XSS_PAYLOADS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/project-update/post',
        headers: pm.headers,
        payload: { data: { attributes: { title: 'update', project_id: project.id, description } } },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/project-update/search?filter[project_id]=${project.id}&page[size]=null`,
      headers: { authorization: clientHeaders.authorization },
    });
    const sent = (list.json().data as Array<{ attributes: Record<string, string> }>).map((u) => u.attributes);
    expect(sent.map((a) => a.description).sort()).toEqual([...MARKDOWN_XSS_PAYLOADS].sort());
    for (const { 'description-html': html } of sent) {
      // sanitize-html writes every tag it keeps as <name attr="value">: read them all.
      for (const [, tag = '', attributes = ''] of html!.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/gi)) {
        expect(MARKDOWN_ALLOWED_TAGS as readonly string[], html).toContain(tag);
        for (const [, name = '', value = ''] of attributes.matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
          expect([...(MARKDOWN_ALLOWED_ATTRIBUTES[tag] ?? []), 'target', 'rel'], html).toContain(name);
          // A scheme of the list, or none and not protocol-relative.
          if (name === 'href')
            expect(/^(https?|mailto):|^(?![a-z][a-z\d+.-]*:|[/\\]{2})/i.test(value), html).toBe(true);
        }
      }
      expect(html).not.toMatch(/<(script|style|iframe|svg|math|img|form|object|noscript|details)\b/i);
    }
  });

  it('needs filter[project_id] and refuses a client who is not on the project', async () => {
    const { project } = await ownedProject();
    const stranger = await signedInAs(t.app, t.database.db, 'client');
    const auth = { authorization: stranger.headers.authorization };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/project-update/search', headers: auth })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/project-update/search?filter[project_id]=${project.id}`,
          headers: auth,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('images', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  it('stores a PNG avatar and serves it with its type and nosniff; refuses a non-image', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      headers,
      payload: {
        data: {
          type: 'image',
          attributes: { title: 'me.png', data: `data:image/png;base64,${png.toString('base64')}` },
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().data.url;
    expect(url).toMatch(/^\/api\/image\/\d+$/);
    const image = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: headers.authorization },
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      headers,
      payload: {
        data: {
          type: 'image',
          attributes: { title: 'x.png', data: 'data:image/png;base64,PHN2Zz48L3N2Zz4=' },
        },
      },
    });
    expect(svg.statusCode).toBe(422);
    expect(firstError(svg)?.title).toBe('Only .jpeg or .png or .gif images allowed!');
  });
});
