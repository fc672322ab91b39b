import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has defaults for a fresh install', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(false);
  });
  it('reads PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const c = loadConfig({
      PORT: '4000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      SEED_DEMO: 'true',
    });
    expect(c).toMatchObject({ port: 4000, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/d', seedDemo: true });
  });
  it('stops with a clear message on bad values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid configuration:\n\s+PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
});
