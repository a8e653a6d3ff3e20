/** Stats: the run's summary, timings with their share of the total, and the search counters. */
import { h, table } from '../dom';
import { formatCount, formatMs } from '../model/format';
import { statsView } from '../model/stats';
import type { LinkedView, ViewContext } from './context';

export function statsViewElement(ctx: ViewContext): LinkedView {
  const v = statsView(ctx.result);
  const element = h(
    'div',
    { class: 'view stats-view' },
    h('h2', {}, 'Run'),
    table(['', ''], v.summary.map(([k, x]) => ({ cells: [k, x] }))),
    h('h2', {}, 'Timings'),
    table(
      ['phase', 'time', 'share'],
      v.timings.map((t) => ({
        cells: [
          t.phase,
          formatMs(t.ms),
          t.share === null ? '' : h('meter', { attrs: { min: 0, max: 1, value: Math.min(1, t.share), title: `${(t.share * 100).toFixed(0)} %` } }),
        ],
        props: { class: 'timing-row', data: { phase: t.phase } },
      })),
    ),
    h('h2', {}, 'Placement'),
    v.placement
      ? h('p', { class: 'placement', data: { ran: v.placement.ran } }, `${v.placement.ran} (${v.placement.requested} asked): ${v.placement.reason}`)
      : h('p', { class: 'hint' }, 'not recorded (an older result)'),
    v.storeIo.length === 0 ? null : table(['', ''], v.storeIo.map(([k, x]) => ({ cells: [k, x], props: { class: 'store-io-row', data: { io: k } } }))),
    h('h2', {}, 'Counters'),
    v.counters.length === 0
      ? h('p', { class: 'hint' }, 'none')
      : table(['counter', 'value'], v.counters.map(([k, x]) => ({ cells: [k, formatCount(x)], props: { class: 'counter-row', data: { counter: k } } }))),
  );
  return { element, highlight: () => undefined };
}
