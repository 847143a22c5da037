import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../scripts/config.ts';
import { BuildError } from '../../scripts/errors.ts';

function configError(env: Record<string, string>): BuildError {
  try {
    loadConfig(env, '/tmp');
  } catch (error) {
    return error as BuildError;
  }
  throw new Error('expected a configuration error');
}

describe('loadConfig', () => {
  it('has working defaults and a demo upstream when KPU_BASE_URL is unset', () => {
    const config = loadConfig({}, '/work/p');
    expect(config.upstream).toMatchObject({
      baseUrl: null,
      apiKey: null,
      method: 'GET',
      pageSize: 1000,
      concurrency: 2,
      retries: 5,
    });
    expect(config.cacheDir).toBe('/work/p/.cache');
    expect(config.distDir).toBe('/work/p/dist');
  });

  it('names the bad variable', () => {
    expect(configError({ KPU_PAGE_SIZE: 'ten' }).message).toContain('KPU_PAGE_SIZE');
    expect(configError({ KPU_CONCURRENCY: '0' }).message).toContain('KPU_CONCURRENCY');
    expect(configError({ KPU_HTTP_METHOD: 'PUT' }).message).toContain('KPU_HTTP_METHOD');
    expect(configError({ KPU_BASE_URL: 'ftp://x' }).message).toContain('KPU_BASE_URL');
  });

  it('requires a key with a base URL, and never repeats the key in an error', () => {
    const missing = configError({ KPU_BASE_URL: 'https://x.example' });
    expect(missing.code).toBe('CONFIG_INVALID');
    expect(missing.message).toContain('KPU_API_KEY');
    const bad = configError({ KPU_BASE_URL: 'https://x.example', KPU_API_KEY: 'secret key' });
    expect(bad.message).not.toContain('secret key');
  });

  it('refuses a key without a base URL rather than building the demo in its place', () => {
    const error = configError({ KPU_API_KEY: 'a-real-key' });
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('KPU_BASE_URL');
    expect(error.message).not.toContain('a-real-key');
    expect(configError({ KPU_BASE_URL: '  ', KPU_API_KEY: 'a-real-key' }).code).toBe('CONFIG_INVALID');
  });

  it('refuses credentials or a query in the base URL, which would leak into logged URLs', () => {
    expect(configError({ KPU_BASE_URL: 'https://u:p@x.example', KPU_API_KEY: 'k' }).code).toBe('CONFIG_INVALID');
    expect(configError({ KPU_BASE_URL: 'https://x.example/?key=k', KPU_API_KEY: 'k' }).code).toBe('CONFIG_INVALID');
  });

  it('refuses the key anywhere in the base URL, as written or in the forms the redactor knows, and never repeats it', () => {
    const key = 'Secret-Key_0123456789';
    for (const url of [
      `https://x.example/${key}/`,
      `https://x.example/api/${encodeURIComponent(key).replace('-', '%2D')}`,
      `https://${key.toLowerCase()}.x.example/`,
      `https://x.example/${Buffer.from(key).toString('base64url')}/`,
    ]) {
      const error = configError({ KPU_BASE_URL: url, KPU_API_KEY: key });
      expect(error.code, url).toBe('CONFIG_INVALID');
      expect(error.message, url).toContain('KPU_BASE_URL holds the API key');
      expect(error.message, url).not.toContain(key);
    }
    expect(loadConfig({ KPU_BASE_URL: 'https://x.example/api/', KPU_API_KEY: key }, '/tmp').upstream.apiKey).toBe(key);
  });
});
