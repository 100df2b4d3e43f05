import { expect, test, vi } from 'vitest';
import { registerWorker } from './registerWorker';

function container() {
  return { register: vi.fn(async () => ({})) } as unknown as ServiceWorkerContainer & { register: ReturnType<typeof vi.fn> };
}

test('a production build registers /sw.js for every page of the host', () => {
  const workers = container();
  registerWorker(true, workers);
  expect(workers.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
});

test('a development build, or a browser without service workers, registers none', () => {
  const workers = container();
  registerWorker(false, workers);
  expect(workers.register).not.toHaveBeenCalled();
  expect(() => registerWorker(true, undefined)).not.toThrow();
});
