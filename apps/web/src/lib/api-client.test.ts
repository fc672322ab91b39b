import { defineRoute, requires } from '@sim/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../testing/render-app';
import { ApiError, apiRequest, type RouteTarget, setNavigationHandler } from './api-client';

const X = defineRoute({
  method: 'POST',
  url: '/api/v1/x/:id',
  access: 'signedIn',
  tags: ['t'],
  summary: 'a test route',
  params: z.object({ id: z.string() }),
  query: z.object({ skip: z.number(), q: z.string().optional() }),
  body: z.object({ a: z.number() }),
  response: z.object({ success: z.literal(true), n: z.number() }),
});
const GET_X = defineRoute({
  method: 'GET',
  url: '/api/v1/x',
  access: requires('groups', 'view'),
  tags: ['t'],
  summary: 'a test route',
  response: z.object({ success: z.literal(true) }),
});
const SIGN_IN = defineRoute({
  method: 'POST',
  url: '/api/v1/login/',
  access: 'public',
  tags: ['t'],
  summary: 'a public test route',
  body: z.object({}),
  response: z.object({ success: z.literal(true) }),
});

describe('apiRequest', () => {
  const navigate = vi.fn();
  afterEach(() => {
    navigate.mockReset();
    window.history.replaceState(null, '', '/');
  });

  it('sends JSON with the bearer token and returns the body', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = mockFetch(() => jsonResponse({ success: true, n: 1 }));
    await expect(
      apiRequest(X, { params: { id: 'a/b' }, body: { a: 1 }, query: { skip: 0, q: undefined } }),
    ).resolves.toEqual({
      success: true,
      n: 1,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/x/a%2Fb?skip=0');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
    expect(init?.body).toBe('{"a":1}');
  });

  it('on 401 clears token and user and goes to /login remembering the page', async () => {
    setNavigationHandler(navigate);
    window.history.replaceState(null, '', '/settings?tab=2');
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', '{}');
    localStorage.setItem('other', 'kept');
    mockFetch(() => jsonResponse({ success: false, message: 'Expired', code: 'UNAUTHORIZED' }, 401));
    const error = await apiRequest(GET_X).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('other')).toBe('kept');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { from: '/settings?tab=2' } });
    expect(sessionStorage.getItem('redirectUrl')).toBe('/settings?tab=2');
  });

  it('a public call keeps its 401 to itself', async () => {
    setNavigationHandler(navigate);
    localStorage.setItem('token', 'tok');
    mockFetch(() => jsonResponse({ success: false, message: 'Invalid email or password.', code: 'UNAUTHORIZED' }, 401));
    await expect(apiRequest(SIGN_IN, { body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password.',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('calls with only the run-time part of a contract (a RouteTarget) as with the contract', async () => {
    setNavigationHandler(navigate);
    window.history.replaceState(null, '', '/settings');
    localStorage.setItem('token', 'tok');
    const target: RouteTarget<typeof X> = { method: 'POST', url: '/api/v1/x/:id', access: 'signedIn' };
    const fetchMock = mockFetch(() => jsonResponse({ success: true, n: 2 }));
    await expect(apiRequest(target, { params: { id: 'a' }, body: { a: 1 }, query: { skip: 3 } })).resolves.toEqual({
      success: true,
      n: 2,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/x/a?skip=3');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');

    // a public target keeps its 401 to itself, without the bearer token
    const signIn: RouteTarget<typeof SIGN_IN> = { method: 'POST', url: '/api/v1/login/', access: 'public' };
    const publicFetch = mockFetch(() =>
      jsonResponse({ success: false, message: 'Invalid email or password.', code: 'UNAUTHORIZED' }, 401),
    );
    await expect(apiRequest(signIn, { body: {} })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const publicHeaders = publicFetch.mock.calls[0]?.[1]?.headers as Record<string, string> | undefined;
    expect(publicHeaders).toBeDefined();
    expect(publicHeaders?.Authorization).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('on 403 goes to /permissiondenied', async () => {
    setNavigationHandler(navigate);
    mockFetch(() => jsonResponse({ success: false, message: 'No', code: 'FORBIDDEN' }, 403));
    await expect(apiRequest(GET_X)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(navigate).toHaveBeenCalledWith('/permissiondenied');
  });

  it('on 403 to a change keeps the page: the error says why', async () => {
    setNavigationHandler(navigate);
    mockFetch(() => jsonResponse({ success: false, message: 'No right to update', code: 'FORBIDDEN' }, 403));
    await expect(apiRequest(X, { params: { id: '1' }, body: { a: 1 }, query: { skip: 0 } })).rejects.toMatchObject({
      status: 403,
      message: 'No right to update',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('throws a typed error with the server code and message otherwise', async () => {
    setNavigationHandler(navigate);
    mockFetch(() => jsonResponse({ success: false, message: 'Duplicate Email !', code: 'CONFLICT' }, 409));
    await expect(apiRequest(GET_X)).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'CONFLICT',
      message: 'Duplicate Email !',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest(GET_X)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
