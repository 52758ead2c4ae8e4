import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildQueryString, deserialize, quietly, toDocument } from './api-client.ts';
import { notifyError } from './notify.ts';

vi.mock('./notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// What the first screen's paint holds back (docs/adr/0040): nothing, unless a test sets a promise.
const paint = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('./first-paint.ts', () => ({ whileFirstScreenPaints: () => paint.held }));

describe('buildQueryString', () => {
  it('is empty when there is nothing to send', () => {
    expect(buildQueryString()).toBe('');
    expect(buildQueryString({ include: [], sort: '' })).toBe('');
  });

  it('builds the projects table query of the admin spec', () => {
    const query = buildQueryString({
      include: ['client', 'size', 'state', 'owner'],
      sort: '-created',
      page: { page: 2, size: 15 },
      filter: [
        ['like', 'project.title', 'shop app'],
        ['>=', 'project.created', '2024-01-01'],
      ],
    });
    expect(query).toBe(
      '?include=client%2Csize%2Cstate%2Cowner&sort=-created&page[page]=2&page[size]=15' +
        '&filter[0][0]=like&filter[0][1]=project.title&filter[0][2]=shop%20app' +
        '&filter[1][0]=%3E%3D&filter[1][1]=project.created&filter[1][2]=2024-01-01',
    );
  });

  it('sends an unlimited page size as null or 0, and a sort list comma-joined', () => {
    expect(buildQueryString({ page: { size: null }, sort: ['name', '-created'] })).toBe(
      '?sort=name%2C-created&page[size]=null',
    );
    expect(buildQueryString({ page: { size: 0 } })).toBe('?page[size]=0');
    // The bell's keyset cursor (meta.next), sent as page[before] and percent-encoded.
    expect(buildQueryString({ page: { before: '2026-11-25T10:00:00.000Z|42' } })).toBe(
      '?page[before]=2026-11-25T10%3A00%3A00.000Z%7C42',
    );
  });

  it('adds plain parameters and leaves undefined ones out', () => {
    expect(buildQueryString({ timezone: 'Europe/Berlin', token: undefined, project_id: 7 })).toBe(
      '?timezone=Europe%2FBerlin&project_id=7',
    );
  });

  it('encodes filter values that carry query syntax', () => {
    expect(buildQueryString({ filter: [['=', 'user.email', 'a+b@x.io&page=9']] })).toBe(
      '?filter[0][0]=%3D&filter[0][1]=user.email&filter[0][2]=a%2Bb%40x.io%26page%3D9',
    );
  });
});

describe('deserialize', () => {
  it('flattens attributes to camelCase and keeps id and type', () => {
    const { data, meta } = deserialize({
      data: { type: 'team', id: '3', attributes: { title: 'Falcons', 'punch-line': 'Ship it' } },
      meta: { 'page-count': 4 },
    });
    expect(data).toEqual({ id: '3', type: 'team', title: 'Falcons', punchLine: 'Ship it' });
    expect(meta).toEqual({ pageCount: 4 });
  });

  it('resolves to-one and to-many relationships from included, recursively', () => {
    const { data } = deserialize({
      data: [
        {
          type: 'project',
          id: '10',
          attributes: { title: 'Shop' },
          relationships: {
            owner: { data: { type: 'user', id: '1' } },
            client: {
              data: [
                { type: 'user', id: '1' },
                { type: 'user', id: '2' },
              ],
            },
            size: { data: null },
          },
        },
      ],
      included: [
        {
          type: 'user',
          id: '1',
          attributes: { name: 'Ada' },
          relationships: { company: { data: { type: 'company', id: '5' } } },
        },
        { type: 'user', id: '2', attributes: { name: 'Grace' } },
        { type: 'company', id: '5', attributes: { title: 'Acme', 'company-size-id': 2 } },
      ],
    });
    expect(data).toEqual([
      {
        id: '10',
        type: 'project',
        title: 'Shop',
        owner: {
          id: '1',
          type: 'user',
          name: 'Ada',
          company: { id: '5', type: 'company', title: 'Acme', companySizeId: 2 },
        },
        client: [
          {
            id: '1',
            type: 'user',
            name: 'Ada',
            company: { id: '5', type: 'company', title: 'Acme', companySizeId: 2 },
          },
          { id: '2', type: 'user', name: 'Grace' },
        ],
        size: null,
      },
    ]);
  });

  it('leaves a reference it cannot resolve, or one that loops back, as an id/type stub', () => {
    const { data } = deserialize({
      data: {
        type: 'team',
        id: '1',
        relationships: {
          developer: { data: [{ type: 'user', id: '9' }] },
          projectManager: { data: [{ type: 'user', id: '4' }] },
        },
      },
      included: [{ type: 'user', id: '9', relationships: { team: { data: [{ type: 'team', id: '1' }] } } }],
    });
    expect(data).toEqual({
      id: '1',
      type: 'team',
      developer: [{ id: '9', type: 'user', team: [{ id: '1', type: 'team' }] }],
      projectManager: [{ id: '4', type: 'user' }],
    });
    expect(() => JSON.stringify(data)).not.toThrow();
  });

  it('skips relationships sent without data (links only) and passes null data through', () => {
    expect(
      deserialize({ data: { type: 'user', id: '1', relationships: { role: { meta: { count: 1 } } } } }).data,
    ).toEqual({ id: '1', type: 'user' });
    expect(deserialize({ data: null }).data).toBeNull();
  });
});

describe('toDocument', () => {
  it('builds the login body of docs/product.md', () => {
    expect(toDocument('user', { login: 'ada', password: 'secret1', remember: '1' })).toEqual({
      data: { type: 'user', attributes: { login: 'ada', password: 'secret1', remember: '1' } },
    });
  });

  it('sends camelCase names kebab-case, keeps snake_case, stringifies ids and relationships', () => {
    expect(
      toDocument(
        'project',
        { companySizeId: 3, project_id: 4, skipped: undefined },
        { id: 12, relationships: { developer: [{ type: 'user', id: '7' }], company: null } },
      ),
    ).toEqual({
      data: {
        type: 'project',
        id: '12',
        attributes: { 'company-size-id': 3, project_id: 4 },
        relationships: { developer: { data: [{ type: 'user', id: '7' }] }, company: { data: null } },
      },
    });
  });
});

describe('ApiError', () => {
  it('names the field its first error points at', () => {
    const error = new ApiError(422, [
      { status: '422', title: 'Wrong', source: { pointer: '/data/attributes/company-size-id' } },
    ]);
    expect(error.pointerField).toBe('companySizeId');
    expect(error.message).toBe('Wrong');
    expect(new ApiError(500, []).pointerField).toBeUndefined();
  });
});

describe('api requests', () => {
  const respond = (status: number, body?: unknown) =>
    vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(body === undefined ? null : JSON.stringify(body), { status }),
    );

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(notifyError).mockClear();
  });

  it('sends the JSON:API headers, the application key and same-origin credentials', async () => {
    const fetch = respond(200, { data: { type: 'user', id: '1', attributes: { name: 'Ada' } } });
    vi.stubGlobal('fetch', fetch);
    const { data } = await api.post('/authorization/login', toDocument('user', { login: 'ada' }), {
      params: { include: 'role' },
    });
    expect(data).toEqual({ id: '1', type: 'user', name: 'Ada' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/authorization/login?include=role');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init?.headers).toEqual({
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
      'X-Application-Key': 'web',
    });
    expect(JSON.parse(String(init?.body))).toEqual({ data: { type: 'user', attributes: { login: 'ada' } } });
  });

  it('throws an ApiError with the status and errors, and shows the generic toast', async () => {
    const errors = [
      { status: '422', title: 'Email is already taken', source: { pointer: '/data/attributes/email' } },
    ];
    vi.stubGlobal('fetch', respond(422, { errors }));
    const failure = await api.get('/user/1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, errors, pointerField: 'email' });
    expect(notifyError).toHaveBeenCalledWith(
      'Something went wrong. Please contact support for more information',
    );
  });

  it('stays quiet when the caller suppresses the toast, and reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', respond(401, { errors: [{ status: '401', title: 'Unauthorized' }] }));
    await expect(api.get('/authorization/check', { suppressErrorToast: true })).rejects.toMatchObject({
      status: 401,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/app-config', { suppressErrorToast: true })).rejects.toMatchObject({ status: 0 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('keeps a request started inside quietly() silent on failure, and only that one', async () => {
    vi.stubGlobal('fetch', respond(403, { errors: [{ status: '403', title: 'Forbidden' }] }));
    // A prefetch before the first render: the screen's own query reports the failure when it retries.
    const prefetch = quietly(() => api.get('/project/1'));
    const later = api.get('/project/2');
    await expect(prefetch).rejects.toMatchObject({ status: 403 });
    await expect(later).rejects.toMatchObject({ status: 403 });
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('treats 204 No Content as an empty answer', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(api.delete('/authorization/logout')).resolves.toEqual({ data: null, meta: {} });
  });

  it('sends a read only once the first screen has painted, and a write at once', async () => {
    const fetch = respond(204);
    vi.stubGlobal('fetch', fetch);
    let painted = () => {};
    paint.held = new Promise<void>((resolve) => {
      painted = resolve;
    });
    try {
      const read = api.get('/project/1/tour-state');
      const write = api.post('/project/1/tour-state', toDocument('tour-state', { step: 2 }));
      await write;
      expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/project/1/tour-state']);
      expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
      painted();
      await read;
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(fetch.mock.calls[1]![1]).toMatchObject({ method: 'GET' });
    } finally {
      paint.held = null;
    }
  });
});
