/**
 * The Evaluation view's DOM (docs/eval.md, "In VS Code"): the metrics table per strategy and group
 * with the change since the set's previous run, the misses-by-cause histogram, and every miss with
 * a one-click "Open" (its result and why-not in the inspector). Built only with ../dom's `h`: every
 * string from the set, the graph or a cause goes in as text, attributes through setAttribute.
 */
import type { EvalCauseView, EvalMetricsView, EvalMissView, EvalViewModel, EvalWebviewMessage } from '../../src/contracts/eval/messages';
import type { StrategyKind } from '../../src/contracts/values';
import { clear, h, linkButton, type Child } from '../dom';

type MetricKey = 'hits1' | 'hitsK' | 'mrr' | 'recall' | 'p50Ms' | 'p95Ms';
const LATENCY: ReadonlySet<MetricKey> = new Set(['p50Ms', 'p95Ms']);
/** Misses listed per strategy before "Show all" (a large set can miss thousands). */
const FIRST_MISSES = 200;

function fmt(key: MetricKey, v: number | null): string {
  if (v === null) return '—';
  return LATENCY.has(key) ? v.toFixed(2) : v.toFixed(3);
}

/** The change since the previous run, as shown (3 decimals; latency 2): nothing when equal at that precision. */
function delta(key: MetricKey, now: number | null, before: number | null | undefined): Child {
  if (before === undefined || before === null || now === null) return null;
  const digits = LATENCY.has(key) ? 2 : 3;
  // Unchanged at the precision shown: nothing drawn (the header says the run is compared).
  if (now.toFixed(digits) === before.toFixed(digits)) return null;
  // The change itself, rounded (as `kgrag eval --baseline` prints it), not the difference of two rounded figures.
  const d = now - before;
  // Better is up for quality, down for latency (latency is shown, never judged: the machine's load moves it).
  const better = LATENCY.has(key) ? undefined : d > 0;
  return h(
    'span',
    { class: `delta ${better === undefined ? 'neutral' : better ? 'better' : 'worse'}`, title: `previous run: ${fmt(key, before)}` },
    `${d > 0 ? '▲ +' : '▼ −'}${Math.abs(d).toFixed(digits)}`,
  );
}

/** A histogram bar; its width through CSSOM (the CSP blocks style attributes). */
function bar(percent: number): HTMLElement {
  const el = h('span', { class: 'bar' });
  el.style.width = `${percent.toFixed(1)}%`;
  return el;
}

function time(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export interface EvalViewOptions {
  readonly post: (m: EvalWebviewMessage) => void;
}

export class EvalApp {
  private model: EvalViewModel | undefined;
  private causeFilter: { strategy: StrategyKind; cause: string } | undefined;
  private readonly expanded = new Set<string>();
  private readonly progress = h('p', { class: 'eval-progress', attrs: { role: 'status', 'aria-live': 'polite' } });

  constructor(
    private readonly root: HTMLElement,
    private readonly options: EvalViewOptions,
  ) {}

  show(model: EvalViewModel): void {
    this.model = model;
    this.causeFilter = undefined;
    this.expanded.clear();
    this.render();
  }

  setProgress(title: string, done: number, total: number): void {
    this.progress.textContent = total > 0 ? `${title}: ${done} of ${total}` : '';
    this.progress.hidden = total === 0;
    if (!this.model) {
      clear(this.root);
      this.root.append(this.progress);
    }
  }

  private render(): void {
    const m = this.model;
    if (!m) return;
    clear(this.root);
    const view = h(
      'div',
      { class: 'eval-view', data: { set: m.set.label } },
      this.header(m),
      this.progress,
      m.problems.length > 0 ? this.problems(m) : null,
      h('h2', {}, 'Metrics'),
      this.metrics(m),
      m.previous ? this.changes(m) : null,
      h('h2', {}, 'Misses by cause'),
      this.histogram(m),
      h('h2', { class: 'misses-title' }, this.causeFilter ? `Misses: ${this.causeFilter.strategy}, ${this.causeFilter.cause}` : 'Misses'),
      this.causeFilter ? linkButton('Show every miss', () => this.filter(undefined), { class: 'clear-filter' }) : null,
      this.misses(m),
    );
    this.root.append(view);
  }

  private header(m: EvalViewModel): HTMLElement {
    const strategies = m.strategies.length;
    return h(
      'header',
      { class: 'eval-header' },
      h(
        'div',
        { class: 'title-row' },
        h('h1', {}, 'Evaluation: ', h('button', { class: 'link set-link', attrs: { type: 'button' }, title: 'Open the set file', on: { click: () => this.options.post({ type: 'revealItem', line: 1 }) } }, m.set.label)),
        h('span', { class: 'actions' }, h('vscode-button', { class: 'evaluate-again', attrs: { secondary: true }, on: { click: () => this.options.post({ type: 'evaluateAgain' }) } }, 'Evaluate again')),
      ),
      h(
        'p',
        { class: 'run-line' },
        `${m.items} item${m.items === 1 ? '' : 's'} × ${strategies} strateg${strategies === 1 ? 'y' : 'ies'} (${m.strategies.join(', ')}) on ${m.store} (${m.embedder}), ${(m.ms / 1000).toFixed(1)} s, ${time(m.at)}`,
        m.groupBy !== undefined ? `; grouped by ${m.groupBy}` : '',
      ),
      m.previous
        ? h(
            'p',
            { class: 'previous-line' },
            `Compared with the previous run of this set (${time(m.previous.at)}`,
            m.previous.store !== m.store ? h('span', { class: 'warning' }, `, on another graph: ${m.previous.store}`) : '',
            '): ▲/▼ is the change.',
          )
        : h('p', { class: 'previous-line hint' }, 'First run of this set here: the next run is compared with this one.'),
    );
  }

  private problems(m: EvalViewModel): HTMLElement {
    return h(
      'section',
      { class: 'set-problems warning' },
      h('p', {}, `${m.problems.length} line${m.problems.length === 1 ? ' was' : 's were'} not evaluated:`),
      h('ul', {}, ...m.problems.slice(0, 20).map((p) => h('li', {}, linkButton(`line ${p.line}`, () => this.options.post({ type: 'revealItem', line: p.line })), `: ${p.message}`))),
    );
  }

  private metrics(m: EvalViewModel): HTMLElement {
    const keys: { key: MetricKey; label: string }[] = [
      { key: 'hits1', label: 'Hits@1' },
      { key: 'hitsK', label: `Hits@${m.k}` },
      { key: 'mrr', label: 'MRR' },
      { key: 'recall', label: 'recall' },
      { key: 'p50Ms', label: 'p50 ms' },
      { key: 'p95Ms', label: 'p95 ms' },
    ];
    const notes = (x: EvalMetricsView): string => [x.errors ? `${x.errors} error${x.errors === 1 ? '' : 's'}` : '', x.partial ? `${x.partial} partial` : ''].filter(Boolean).join(', ');
    const anyNotes = m.rows.some((r) => notes(r.metrics) !== '');
    const head = ['strategy', 'group', 'n', ...keys.map((k) => k.label), ...(anyNotes ? ['notes'] : [])];
    return h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        { class: 'metrics' },
        h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
        h(
          'tbody',
          {},
          ...m.rows.map((r) =>
            h(
              'tr',
              { class: r.group === null ? 'overall' : 'group', data: { strategy: r.strategy, group: r.group ?? '' } },
              h('td', {}, r.strategy),
              h('td', {}, r.group ?? 'all'),
              h('td', { class: 'num' }, String(r.metrics.n)),
              ...keys.map((k) => h('td', { class: 'num', data: { metric: k.key } }, h('span', { class: 'value' }, fmt(k.key, r.metrics[k.key])), delta(k.key, r.metrics[k.key], r.previous?.[k.key]))),
              ...(anyNotes ? [h('td', { class: 'notes' }, notes(r.metrics))] : []),
            ),
          ),
        ),
      ),
    );
  }

  private changes(m: EvalViewModel): HTMLElement | null {
    const lines = (m.previous?.changes ?? []).flatMap((c) => [
      c.gained.length > 0 ? h('li', { class: 'gained', data: { strategy: c.strategy } }, `${c.strategy}: now first (${c.gained.length}): `, c.gained.slice(0, 12).join(', '), c.gained.length > 12 ? ', …' : '') : null,
      c.lost.length > 0 ? h('li', { class: 'lost', data: { strategy: c.strategy } }, `${c.strategy}: no longer first (${c.lost.length}): `, c.lost.slice(0, 12).join(', '), c.lost.length > 12 ? ', …' : '') : null,
    ]);
    const shown = lines.filter((l) => l !== null);
    return h('ul', { class: 'changes' }, ...(shown.length > 0 ? shown : [h('li', { class: 'hint' }, 'The same items are answered first as in the previous run.')]));
  }

  private histogram(m: EvalViewModel): HTMLElement {
    const byStrategy = new Map<StrategyKind, EvalCauseView[]>();
    for (const c of m.causes) byStrategy.set(c.strategy, [...(byStrategy.get(c.strategy) ?? []), c]);
    const max = Math.max(1, ...m.causes.map((c) => Math.max(c.count, c.previous ?? 0)));
    const blocks = m.strategies.map((s) => {
      const causes = byStrategy.get(s) ?? [];
      const total = causes.reduce((a, c) => a + c.count, 0);
      return h(
        'section',
        { class: 'histogram', data: { strategy: s } },
        h('h3', {}, `${s}: ${total} miss${total === 1 ? '' : 'es'} at rank 1`),
        causes.length === 0
          ? h('p', { class: 'hint' }, 'Every item answered first.')
          : h(
              'ul',
              { class: 'causes' },
              ...causes.map((c) =>
                h(
                  'li',
                  { class: 'cause-row', data: { strategy: s, cause: c.cause, count: String(c.count) } },
                  h(
                    'button',
                    {
                      class: 'link cause-name',
                      attrs: { type: 'button', 'aria-pressed': this.causeFilter?.strategy === s && this.causeFilter.cause === c.cause ? 'true' : 'false', disabled: c.count === 0 },
                      title: c.count === 0 ? 'No miss has this cause now' : 'List only these misses',
                      on: { click: () => this.filter({ strategy: s, cause: c.cause }) },
                    },
                    c.cause,
                  ),
                  h('span', { class: 'bar-track', attrs: { 'aria-hidden': 'true' } }, bar((100 * c.count) / max)),
                  h('span', { class: 'count num' }, String(c.count)),
                  c.previous !== undefined && c.previous !== c.count ? h('span', { class: `delta ${c.count < c.previous ? 'better' : 'worse'}`, title: `previous run: ${c.previous}` }, `was ${c.previous}`) : null,
                ),
              ),
            ),
      );
    });
    return h('div', { class: 'histograms' }, ...blocks);
  }

  private filter(f: { strategy: StrategyKind; cause: string } | undefined): void {
    this.causeFilter = f;
    this.render();
    this.root.querySelector('.misses-title')?.scrollIntoView({ block: 'nearest' });
  }

  private misses(m: EvalViewModel): HTMLElement {
    const f = this.causeFilter;
    const blocks = m.strategies.map((s) => {
      if (f && f.strategy !== s) return null;
      const all = m.misses.filter((x) => x.strategy === s && (!f || x.cause === f.cause));
      const key = `${s}\u0000${f?.cause ?? ''}`;
      const shown = this.expanded.has(key) ? all : all.slice(0, FIRST_MISSES);
      return h(
        'section',
        { class: 'miss-list', data: { strategy: s } },
        h('h3', {}, `${s}: ${all.length} miss${all.length === 1 ? '' : 'es'}`),
        all.length === 0 ? h('p', { class: 'hint' }, 'None.') : h('ol', { class: 'misses' }, ...shown.map((x) => this.miss(x))),
        shown.length < all.length
          ? linkButton(`Show all ${all.length}`, () => {
              this.expanded.add(key);
              this.render();
            }, { class: 'show-all' })
          : null,
      );
    });
    return h('div', { class: 'miss-lists' }, ...blocks);
  }

  private miss(x: EvalMissView): HTMLElement {
    const returned = x.rank !== null ? `gold at rank ${x.rank}` : x.answerCount === 0 ? 'no answers' : `no gold among ${x.answerCount} answer${x.answerCount === 1 ? '' : 's'}`;
    return h(
      'li',
      { class: `miss${x.newSinceLast ? ' new' : ''}`, data: { strategy: x.strategy, id: x.id, cause: x.cause } },
      h(
        'div',
        { class: 'miss-head' },
        h('button', { class: 'link item-id', attrs: { type: 'button' }, title: `Line ${x.line} of the set`, on: { click: () => this.options.post({ type: 'revealItem', line: x.line }) } }, x.id),
        x.group !== undefined ? h('span', { class: 'group hint' }, x.group) : null,
        h('span', { class: 'cause-chip' }, x.cause),
        x.newSinceLast ? h('span', { class: 'new-flag warning', title: 'Answered first by the previous run' }, 'new since last run') : null,
        h('vscode-button', { class: 'open-miss', attrs: { secondary: true }, title: 'Run it, show the result in the inspector and ask why not', on: { click: () => this.options.post({ type: 'openMiss', strategy: x.strategy, id: x.id }) } }, 'Open'),
      ),
      h('p', { class: 'miss-line' }, `expected ${x.gold.map((g) => `"${g}"`).join(', ')}; ${returned}`, x.answers.length > 0 ? `; first returned "${x.answers[0]}"` : ''),
      x.summary ? h('p', { class: 'miss-summary' }, x.summary) : null,
      x.askChain !== undefined ? h('p', { class: 'hint' }, `ask chose ${x.askChain}`) : null,
      x.partial !== undefined && x.partial !== x.summary ? h('p', { class: 'warning partial' }, `partial: ${x.partial}`) : null,
    );
  }
}
