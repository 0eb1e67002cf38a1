import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('take both, or neither (plain HTTP; empty counts as not set)', () => {
    const both = loadEnv({ TLS_CERT_FILE: '/etc/rudeplan/cert.pem', TLS_KEY_FILE: '/etc/rudeplan/key.pem' }, []);
    expect(both).toMatchObject({ TLS_CERT_FILE: '/etc/rudeplan/cert.pem', TLS_KEY_FILE: '/etc/rudeplan/key.pem' });
    for (const neither of [{}, { TLS_CERT_FILE: '', TLS_KEY_FILE: '' }]) {
      const env = loadEnv(neither, []);
      expect(env.TLS_CERT_FILE).toBeUndefined();
      expect(env.TLS_KEY_FILE).toBeUndefined();
    }
  });

  it('refuse one without the other, naming the missing one', () => {
    expect(() => loadEnv({ TLS_CERT_FILE: '/etc/rudeplan/cert.pem' }, [])).toThrow(
      /TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE must be set together/,
    );
    expect(() => loadEnv({ TLS_KEY_FILE: '/etc/rudeplan/key.pem' }, [])).toThrow(
      /TLS_CERT_FILE: TLS_CERT_FILE and TLS_KEY_FILE must be set together/,
    );
    expect(() => loadEnv({ TLS_CERT_FILE: '/etc/rudeplan/cert.pem', TLS_KEY_FILE: '' }, [])).toThrow(/TLS_KEY_FILE/);
  });
});

describe('WEB_ROOT', () => {
  it('takes a path relative to the directory the server starts in (the static files need an absolute one)', () => {
    expect(loadEnv({ WEB_ROOT: 'dist/web' }, []).WEB_ROOT).toBe(path.resolve('dist/web'));
    expect(loadEnv({ WEB_ROOT: '/srv/rudeplan/web' }, []).WEB_ROOT).toBe('/srv/rudeplan/web');
    expect(loadEnv({ WEB_ROOT: '' }, []).WEB_ROOT).toBeUndefined();
  });
});

describe('BOOK_EMBED_ORIGINS', () => {
  it('takes origins, comma separated, and refuses anything else (a path or a policy word would widen the frame rule)', () => {
    expect(loadEnv({ BOOK_EMBED_ORIGINS: 'https://www.example.dk, http://localhost:8080' }, []).BOOK_EMBED_ORIGINS).toEqual([
      'https://www.example.dk',
      'http://localhost:8080',
    ]);
    expect(loadEnv({}, []).BOOK_EMBED_ORIGINS).toEqual([]);
    for (const wrong of ['*', "'none'", 'https://www.example.dk/book', 'www.example.dk', 'https://a.dk; script-src *']) {
      expect(() => loadEnv({ BOOK_EMBED_ORIGINS: wrong }, []), wrong).toThrow(/BOOK_EMBED_ORIGINS/);
    }
  });
});
