// The Lighthouse bench's reading of reports, its median and its tables (no browser, nothing timed).
import { describe, expect, it } from 'vitest';
import { desktopTable, figures, findings, medianRun, mobileTable, opportunities } from './lighthouseReport.mjs';

function report({ performance = 0.44, lcp = 7100, tbt = 1100, cls = 0.197, accessibility = 1, bestPractices = 0.96, extra = {} } = {}) {
  return {
    requestedUrl: 'http://demo-bd.localhost/',
    categories: {
      performance: { score: performance, auditRefs: [] },
      accessibility: { score: accessibility, auditRefs: [{ id: 'color-contrast' }, { id: 'label' }] },
      'best-practices': { score: bestPractices, auditRefs: [{ id: 'errors-in-console' }, { id: 'deprecations' }] },
    },
    audits: {
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: cls },
      'color-contrast': { id: 'color-contrast', title: 'Contrast', score: 1, scoreDisplayMode: 'binary' },
      label: { id: 'label', title: 'Labels', score: null, scoreDisplayMode: 'notApplicable' },
      'errors-in-console': {
        id: 'errors-in-console', title: 'Console errors', score: 0, scoreDisplayMode: 'binary',
        details: { items: [{ source: 'network', description: 'GET /missing.png 404' }] },
      },
      deprecations: { id: 'deprecations', title: 'Deprecated APIs', score: 1, scoreDisplayMode: 'binary' },
      'render-blocking-resources': { id: 'render-blocking-resources', title: 'Render blocking', score: 0.5, details: { type: 'opportunity', overallSavingsMs: 300 } },
      'unused-javascript': { id: 'unused-javascript', title: 'Unused JS', score: 0, details: { type: 'opportunity', overallSavingsMs: 1200, overallSavingsBytes: 200000 } },
      'uses-text-compression': { id: 'uses-text-compression', title: 'Compression', score: 1, details: { type: 'opportunity', overallSavingsMs: 0 } },
      ...extra,
    },
  };
}

describe('figures', () => {
  it('reads the scores as percentages and the metrics as numbers', () => {
    expect(figures(report())).toEqual({ score: 44, lcpMs: 7100, tbtMs: 1100, cls: 0.197, accessibility: 100, bestPractices: 96 });
  });

  it('refuses a report Lighthouse could not finish', () => {
    const failed = { ...report(), runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } };
    expect(() => figures(failed)).toThrow(/NO_FCP/);
  });

  it('refuses a report without a performance score', () => {
    expect(() => figures(report({ performance: null }))).toThrow(/no score/);
  });
});

describe('medianRun', () => {
  it('takes the whole run with the median performance score', () => {
    const runs = [{ score: 70, lcpMs: 1 }, { score: 40, lcpMs: 2 }, { score: 55, lcpMs: 3 }];
    expect(medianRun(runs)).toEqual({ score: 55, lcpMs: 3 });
  });

  it('takes the lower middle run of an even count', () => {
    expect(medianRun([{ score: 90 }, { score: 10 }]).score).toBe(10);
  });
});

describe('findings and opportunities', () => {
  it('lists the audits that did not pass, not those left out', () => {
    expect(findings(report(), 'accessibility')).toEqual([]);
    expect(findings(report(), 'best-practices')).toEqual([
      { id: 'errors-in-console', title: 'Console errors', items: ['GET /missing.png 404'] },
    ]);
  });

  it('orders the opportunities by the time they would save', () => {
    expect(opportunities(report()).map((found) => found.id)).toEqual(['unused-javascript', 'render-blocking-resources']);
  });
});

describe('tables', () => {
  it('marks each figure against its target', () => {
    const table = mobileTable([
      { page: 'demo-bd /', run: figures(report()) },
      { page: 'demo-ph /rng', run: figures(report({ performance: 0.95, lcp: 2000, tbt: 150, cls: 0.01, bestPractices: 1 })) },
    ]);
    const [, , slow, fast] = table.split('\n');
    expect(slow).toMatch(/^demo-bd \/\s+44 MISSED\s+7\.1 s MISSED\s+1100 ms MISSED\s+0\.197 MISSED\s+100 ok\s+96 MISSED$/);
    expect(fast).toMatch(/^demo-ph \/rng\s+95 ok\s+2\.0 s ok\s+150 ms ok\s+0\.010 ok\s+100 ok\s+100 ok$/);
  });

  it('holds the desktop LCP to 1.2 s', () => {
    const table = desktopTable([
      { page: 'demo-bd /', run: { score: 98, lcpMs: 900, accessibility: 100, bestPractices: 100 } },
      { page: 'demo-ph /', run: { score: 80, lcpMs: 1500, accessibility: 92, bestPractices: 100 } },
    ]);
    const [, fast, slow] = table.split('\n');
    expect(fast).toMatch(/^demo-bd \/\s+98\s+0\.90 s ok\s+100 ok\s+100 ok$/);
    expect(slow).toMatch(/^demo-ph \/\s+80\s+1\.50 s MISSED\s+92 MISSED\s+100 ok$/);
  });
});
