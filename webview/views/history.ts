/**
 * The kept results (newest first): pin, open again, export as JSON, and tick two or more to
 * compare. A native <details> so it folds away; the list is re-filled on every history message
 * without touching the views below it.
 */
import type { HistoryEntrySummary, WebviewToHostMessage } from '../../src/contracts/inspector/messages';
import { clear, h, table } from '../dom';
import { staleReasons, staleText, type ActiveGraph } from '../model/stale';

export interface HistoryView {
  readonly element: HTMLElement;
  update(entries: readonly HistoryEntrySummary[], current: string | undefined, active: ActiveGraph | undefined): void;
}

function time(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function historyView(post: (m: WebviewToHostMessage) => void): HistoryView {
  const selected = new Set<string>();
  const summary = h('summary', {}, 'History');
  const body = h('div', { class: 'history-body' });
  const compareButton = h('vscode-button', { class: 'compare-selected', attrs: { disabled: true }, on: { click: () => compareSelected() } }, 'Compare selected');
  const element = h('details', { class: 'history' }, summary, h('div', { class: 'history-actions' }, compareButton, h('span', { class: 'hint' }, ' Tick two or more results; the first ticked is A.')), body);
  let order: string[] = []; // ticked, in ticking order (the first is A)

  function compareSelected(): void {
    if (order.length < 2) return;
    post({ type: 'compareEntries', ids: [...order] });
  }

  function refreshButton(): void {
    compareButton.toggleAttribute('disabled', order.length < 2);
    compareButton.textContent = order.length >= 2 ? `Compare selected (${order.length})` : 'Compare selected';
  }

  return {
    element,
    update(entries, current, active) {
      const ids = new Set(entries.map((e) => e.id));
      for (const id of [...selected]) if (!ids.has(id)) selected.delete(id);
      order = order.filter((id) => selected.has(id));
      summary.textContent = `History (${entries.length} kept${entries.some((e) => e.pinned) ? `, ${entries.filter((e) => e.pinned).length} pinned` : ''})`;
      clear(body);
      const rows = entries.map((e) => {
        const box = h('input', {
          class: 'history-select',
          attrs: { type: 'checkbox', 'aria-label': `Select ${e.plan} · ${e.strategy} · ${e.mode} for comparison`, ...(selected.has(e.id) ? { checked: true } : {}) },
          on: {
            change: () => {
              if (box.checked) {
                selected.add(e.id);
                order.push(e.id);
              } else {
                selected.delete(e.id);
                order = order.filter((x) => x !== e.id);
              }
              refreshButton();
            },
          },
        });
        const pin = h(
          'button',
          { class: 'link pin', attrs: { type: 'button', 'aria-pressed': String(e.pinned) }, title: e.pinned ? 'Pinned: kept beyond the newest 50. Click to unpin.' : 'Pin: keep this result beyond the newest 50', on: { click: () => post({ type: 'pinEntry', id: e.id, pinned: !e.pinned }) } },
          e.pinned ? '★ pinned' : '☆ pin',
        );
        const reasons = staleReasons(e.graph, e.planEdited, active);
        return {
          cells: [
            box,
            pin,
            h('span', {}, `${e.plan} · ${e.strategy}${e.mode !== 'run' ? ` · ${e.mode}` : ''}`, e.id === current ? h('span', { class: 'hint' }, ' (shown)') : null),
            e.executed ? String(e.answers) : h('span', { class: 'hint' }, 'not executed'),
            h('span', { title: e.graph.description }, time(e.at)),
            reasons.length > 0 ? h('span', { class: 'stale' }, staleText(reasons)) : '',
            h(
              'span',
              {},
              h('button', { class: 'link open-entry', attrs: { type: 'button' }, on: { click: () => post({ type: 'openEntry', id: e.id }) } }, 'open'),
              ' ',
              h('button', { class: 'link export-entry', attrs: { type: 'button' }, on: { click: () => post({ type: 'exportEntry', id: e.id }) } }, 'export JSON'),
            ),
          ],
          props: { class: `history-row${e.id === current ? ' current' : ''}`, data: { entryId: e.id, strategy: e.strategy, mode: e.mode, pinned: String(e.pinned) } },
        };
      });
      body.appendChild(table(['compare', 'pin', 'result', 'answers', 'made', 'stale', ''], rows));
      refreshButton();
    },
  };
}
