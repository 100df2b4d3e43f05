// What `make bench` prints from Lighthouse's results (tests/bench/lighthouse.mjs runs it): the
// figures read out of a report, the median run, and the table against the targets. No browser here,
// so tests/bench/lighthouseReport.test.mjs can check it in the unit tests.

/** Issue 19's targets: a new user on a cheap phone (mobile profile), and the desktop profile's LCP. */
export const TARGETS = {
  score: 90,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.05,
  accessibility: 100,
  bestPractices: 100,
  desktopLcpMs: 1200,
};

const percent = (category) => (category && category.score !== null ? Math.round(category.score * 100) : null);

/** The figures of one Lighthouse report (LHR); throws when the page could not be measured. */
export function figures(lhr) {
  if (lhr.runtimeError) throw new Error(`${lhr.finalDisplayedUrl || lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id) => lhr.audits[id]?.numericValue;
  const found = {
    score: percent(lhr.categories.performance),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    accessibility: percent(lhr.categories.accessibility),
    bestPractices: percent(lhr.categories['best-practices']),
  };
  const missing = Object.entries(found).filter(([, value]) => value === null || value === undefined).map(([name]) => name);
  if (missing.length) throw new Error(`${lhr.requestedUrl}: no ${missing.join(', ')} in the report`);
  return found;
}

/** The run whose performance score is the median (the lower of the two middle ones for an even count). */
export function medianRun(runs) {
  if (!runs.length) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The audits of CATEGORY that did not pass: id, title and what they point at. */
export function findings(lhr, category) {
  const refs = lhr.categories[category]?.auditRefs || [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1
      && !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode))
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      items: (audit.details?.items || []).slice(0, 5).map(describeItem),
    }));
}

function describeItem(item) {
  const node = item.node || item.subItems?.items?.[0]?.relatedNode;
  if (node) return node.snippet || node.selector || '';
  return item.description || item.source?.url || item.url || item.label || JSON.stringify(item).slice(0, 160);
}

/** Lighthouse's opportunities, the largest estimated saving first. */
export function opportunities(lhr, limit = 5) {
  return Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && audit.score !== null && audit.score < 1)
    .map((audit) => ({ id: audit.id, title: audit.title, savingsMs: audit.details.overallSavingsMs || 0, savingsBytes: audit.details.overallSavingsBytes || 0 }))
    .filter((found) => found.savingsMs > 0 || found.savingsBytes > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes)
    .slice(0, limit);
}

const mark = (ok) => (ok ? 'ok' : 'MISSED');
const cell = (text, ok, width) => `${text} ${mark(ok)}`.padEnd(width);

/** The mobile table: one row per page (its median run), each figure marked against its target. */
export function mobileTable(rows, targets = TARGETS) {
  const widths = [20, 12, 14, 15, 14, 12, 12];
  const header = ['page', 'score', 'LCP', 'TBT', 'CLS', 'a11y', 'best pr.'];
  const goal = ['target', `>= ${targets.score}`, `<= ${(targets.lcpMs / 1000).toFixed(1)} s`, `<= ${targets.tbtMs} ms`,
    `<= ${targets.cls}`, `${targets.accessibility}`, `${targets.bestPractices}`];
  const line = (cells) => cells.map((text, i) => String(text).padEnd(widths[i])).join('').trimEnd();
  const lines = [line(header), line(goal)];
  for (const { page, run } of rows) {
    lines.push([
      page.padEnd(widths[0]),
      cell(String(run.score), run.score >= targets.score, widths[1]),
      cell(`${(run.lcpMs / 1000).toFixed(1)} s`, run.lcpMs <= targets.lcpMs, widths[2]),
      cell(`${Math.round(run.tbtMs)} ms`, run.tbtMs <= targets.tbtMs, widths[3]),
      cell(run.cls.toFixed(3), run.cls <= targets.cls, widths[4]),
      cell(String(run.accessibility), run.accessibility >= targets.accessibility, widths[5]),
      cell(String(run.bestPractices), run.bestPractices >= targets.bestPractices, widths[6]),
    ].join('').trimEnd());
  }
  return lines.join('\n');
}

/** The desktop table: score and LCP per page, LCP against its target, and accessibility and best practices. */
export function desktopTable(rows, targets = TARGETS) {
  const lines = [`${'page'.padEnd(20)}${'score'.padEnd(8)}${`LCP (<= ${(targets.desktopLcpMs / 1000).toFixed(1)} s)`.padEnd(16)}${'a11y'.padEnd(12)}best pr.`];
  for (const { page, run } of rows) {
    lines.push([
      page.padEnd(20),
      String(run.score).padEnd(8),
      cell(`${(run.lcpMs / 1000).toFixed(2)} s`, run.lcpMs <= targets.desktopLcpMs, 16),
      cell(String(run.accessibility), run.accessibility >= targets.accessibility, 12),
      cell(String(run.bestPractices), run.bestPractices >= targets.bestPractices, 0),
    ].join('').trimEnd());
  }
  return lines.join('\n');
}
