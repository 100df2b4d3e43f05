import { expect, test, vi } from 'vitest';
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

test('when the worker first takes over the page, it is asked to keep the code the page loaded before', () => {
  const workers = container();
  register(workers);
  const worker = { postMessage: vi.fn() };
  workers.controller = worker;
  workers.dispatchEvent(new Event('controllerchange'));
  expect(worker.postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: expect.any(Array) } });
  // Once only: a later worker (a new build) keeps its own.
  workers.dispatchEvent(new Event('controllerchange'));
  expect(worker.postMessage).toHaveBeenCalledTimes(1);
});

test('a page the worker already controls asks nothing: its files went through the worker', () => {
  const worker = { postMessage: vi.fn() };
  const workers = container(worker);
  register(workers);
  workers.dispatchEvent(new Event('controllerchange'));
  expect(worker.postMessage).not.toHaveBeenCalled();
});
