import { describe, expect, test } from 'vitest';
import { isBuiltChunk, isKeptFile, isKeptPage, preloadedFiles } from './cachePolicy';

const ORIGIN = 'https://play.example';

function asked(path: string, { method = 'GET', mode = 'navigate', authorization = false, origin = ORIGIN } = {}) {
  const headers = new Headers(authorization ? { Authorization: 'Bearer token' } : {});
  return [{ method, mode, headers }, new URL(path, origin), ORIGIN] as const;
}

describe('what the service worker keeps', () => {
  test("the brand's pages, opened by the visitor", () => {
    expect(isKeptPage(...asked('/'))).toBe(true);
    expect(isKeptPage(...asked('/down'))).toBe(true);
    expect(isKeptPage(...asked('/register?referralCode=AB1'))).toBe(true);
  });

  test.each(['/wps/system/status', '/lgw/games/game_menus', '/lotto/draws', '/api/explorer', '/ops/deposits', '/healthz', '/sw.js'])(
    'never an answer of the API or the worker itself: %s',
    (path) => {
      expect(isKeptPage(...asked(path))).toBe(false);
      expect(isKeptFile(...asked(path, { mode: 'cors' }))).toBe(false);
    },
  );

  test('never anything sent with an Authorization header, nor anything but GET', () => {
    expect(isKeptFile(...asked('/static/shell/0.abc.js', { mode: 'cors', authorization: true }))).toBe(false);
    expect(isKeptPage(...asked('/', { authorization: true }))).toBe(false);
    expect(isKeptPage(...asked('/', { method: 'POST' }))).toBe(false);
  });

  test("the files pages load from the brand's origin, not another's", () => {
    expect(isKeptFile(...asked('/static/member-centre/remoteEntry.js?v=1', { mode: 'cors' }))).toBe(true);
    expect(isKeptFile(...asked('/assets/logo.svg', { mode: 'no-cors' }))).toBe(true);
    expect(isKeptFile(...asked('/app-icons/any-192.png?v=1', { mode: 'no-cors' }))).toBe(true);
    expect(isKeptFile(...asked('/manifest.webmanifest', { mode: 'cors' }))).toBe(true);
    expect(isKeptFile(...asked('/locales/bn.json?v=1', { mode: 'cors' }))).toBe(true);
    expect(isKeptFile(...asked('/static/x.js', { mode: 'cors', origin: 'https://cdn.example' }))).toBe(false);
    expect(isKeptFile(...asked('/down', { mode: 'cors' }))).toBe(false);
  });
});

test('the chunks named by their content are kept when first used; entries, catalogues and images are not chunks', () => {
  expect(isBuiltChunk(...asked('/static/shell/604.3d68c82230e01e7a826e.js', { mode: 'cors' }))).toBe(true);
  expect(isBuiltChunk(...asked('/static/member-centre/540.eb800855c77478dd15d7.js', { mode: 'cors' }))).toBe(true);
  expect(isBuiltChunk(...asked('/static/shell/main.js?v=1a2b', { mode: 'cors' }))).toBe(false);
  expect(isBuiltChunk(...asked('/static/member-centre/remoteEntry.js?v=1', { mode: 'cors' }))).toBe(false);
  expect(isBuiltChunk(...asked('/assets/banner.3d68c82230e01e7a826e.js', { mode: 'no-cors' }))).toBe(false);
  expect(isBuiltChunk(...asked('/static/shell/604.3d68c82230e01e7a826e.js', { mode: 'cors', origin: 'https://cdn.example' }))).toBe(false);
  expect(isBuiltChunk(...asked('/static/shell/604.3d68c82230e01e7a826e.js', { mode: 'cors', authorization: true }))).toBe(false);
});

test("the shell's preloaded catalogue is kept with it, nothing from elsewhere", () => {
  const page = `<link rel="preload" href="/locales/bn.json?v=1a&amp;b=2" as="fetch" crossorigin="anonymous">
    <link rel="preload" href="//cdn.example/x.json" as="fetch"><link rel="manifest" href="/manifest.webmanifest">`;
  expect(preloadedFiles(page)).toEqual(['/locales/bn.json?v=1a&b=2']);
});
