import { afterEach, expect, test, vi } from 'vitest';
import { loadedCode, registerWorker } from './registerWorker';

interface ControllingWorker {
  postMessage: ReturnType<typeof vi.fn>;
}

/** A browser's service worker container: its registrations, the worker controlling the page and its events. */
function container(controller: ControllingWorker | null = null) {
  return Object.assign(new EventTarget(), { register: vi.fn(async () => ({})), controller });
}

function register(workers: ReturnType<typeof container>) {
  registerWorker(true, workers as unknown as ServiceWorkerContainer);
}

const entry = (name: string) => ({ name }) as PerformanceEntry;

test('a production build registers /sw.js for every page of the host', () => {
  const workers = container();
  register(workers);
  expect(workers.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
});

test('a development build, or a browser without service workers, registers none', () => {
  const workers = container();
  registerWorker(false, workers as unknown as ServiceWorkerContainer);
  expect(workers.register).not.toHaveBeenCalled();
  expect(() => registerWorker(true, undefined)).not.toThrow();
});

test("the built files the page loaded from its own origin: not the API's answers, not another origin's files", () => {
  const origin = location.origin;
  const loaded = loadedCode([
    entry(`${origin}/static/shell/main.js?v=1a2b`),
    entry(`${origin}/static/shell/766.f288a705bfcb081691fd.js`),
    entry(`${origin}/static/member-centre/remoteEntry.js?v=9`),
    entry(`${origin}/wps/relay/GCSGAME_gameList`),
    entry(`${origin}/assets/banner.webp`),
    entry('https://cdn.example/static/shell/766.f288a705bfcb081691fd.js'),
  ]);
  expect(loaded).toEqual(['/static/shell/main.js?v=1a2b', '/static/shell/766.f288a705bfcb081691fd.js', '/static/member-centre/remoteEntry.js?v=9']);
});

const CHUNK = `${location.origin}/static/shell/766.f288a705bfcb081691fd.js`;
const LATE_CHUNK = `${location.origin}/static/shell/912.0c1d2e3f4a5b6c7d8e9f.js`;

/** A page that loaded CHUNK before the worker took over, watched by a PerformanceObserver stand-in. */
function pageWithLoadedCode() {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry(CHUNK)]);
  vi.spyOn(performance, 'now').mockReturnValue(1000);
  const observers: Array<(list: { getEntries(): PerformanceEntry[] }) => void> = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: (list: { getEntries(): PerformanceEntry[] }) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  const ended = (...entries: Array<{ name: string; startTime: number }>) =>
    observers.forEach((callback) => callback({ getEntries: () => entries as unknown as PerformanceEntry[] }));
  return { ended };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('when the worker first takes over the page, it is asked to keep the code the page loaded before', () => {
  pageWithLoadedCode();
  const workers = container();
  register(workers);
  const worker = { postMessage: vi.fn() };
  workers.controller = worker;
  workers.dispatchEvent(new Event('controllerchange'));
  expect(worker.postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: ['/static/shell/766.f288a705bfcb081691fd.js'] } });
  // Once only: a later worker (a new build) keeps its own.
  workers.dispatchEvent(new Event('controllerchange'));
  expect(worker.postMessage).toHaveBeenCalledTimes(1);
});

test('code the page began to download before the worker took over, and that ended after, is kept when it ends', () => {
  const { ended } = pageWithLoadedCode();
  const workers = container();
  register(workers);
  const worker = { postMessage: vi.fn() };
  workers.controller = worker;
  workers.dispatchEvent(new Event('controllerchange'));
  // Begun at 900 ms (before the worker took over at 1000) and at 1200 ms (through the worker).
  ended({ name: LATE_CHUNK, startTime: 900 }, { name: `${location.origin}/static/shell/77.aaaaaaaaaaaaaaaaaaaa.js`, startTime: 1200 });
  expect(worker.postMessage).toHaveBeenCalledTimes(2);
  expect(worker.postMessage).toHaveBeenLastCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: ['/static/shell/912.0c1d2e3f4a5b6c7d8e9f.js'] } });
  // Downloads begun after went through the worker: nothing more is asked.
  ended({ name: `${location.origin}/static/shell/78.bbbbbbbbbbbbbbbbbbbb.js`, startTime: 1300 });
  expect(worker.postMessage).toHaveBeenCalledTimes(2);
});

test('a page the worker already controls asks nothing: its files went through the worker', () => {
  const worker = { postMessage: vi.fn() };
  const workers = container(worker);
  register(workers);
  workers.dispatchEvent(new Event('controllerchange'));
  expect(worker.postMessage).not.toHaveBeenCalled();
});
