import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/extranet-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('loadConfig', () => {
  it('works with nothing set but the data directory (embedded mode)', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.uploadMaxBytes).toBe(20 * 1024 * 1024);
  });

  it('lists every problem at once, naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ ...base, PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: debe empezar por postgres/);
    expect(problems).toMatch(/SESSION_SECRET: debe tener al menos 32 caracteres/);
    expect((error as ConfigError).message).toMatch(/^Configuración no válida:/);
  });

  it('accepts a PostgreSQL URL and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/extranet',
      PUBLIC_URL: 'https://extranet.example.com/',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/extranet');
    expect(config.publicUrl).toBe('https://extranet.example.com');
  });

  it('generates the session secret on first start and keeps it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-secret-'));
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });
});
