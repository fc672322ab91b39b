import { authApi } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { signInRoutes } from './sign-in-routes';

describe('signInRoutes', () => {
  it.each(Object.keys(signInRoutes) as (keyof typeof signInRoutes)[])(
    '%s is the method, URL and access of authApi',
    (name) => {
      const { method, url, access } = authApi[name];
      expect(signInRoutes[name]).toEqual({ method, url, access });
    },
  );
});
