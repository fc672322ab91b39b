import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';
import './zod-config';

describe('zod without generated code', () => {
  it('is set jitless, and the schemas built afterwards still parse and refuse', () => {
    expect(config().jitless).toBe(true);
    const schema = z.object({ email: z.string().email(), age: z.number().int() });
    expect(schema.parse({ email: 'a@b.co', age: 3, extra: 1 })).toEqual({ email: 'a@b.co', age: 3 });
    expect(schema.safeParse({ email: 'nope', age: 1.5 }).success).toBe(false);
  });
});
