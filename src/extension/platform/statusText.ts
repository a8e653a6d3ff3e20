/** What the status bar item says for a graph, its health and running work — pure, unit-tested. */
import type { Health } from '../graph/connection';

/** 42828 → "42.8k", 1789 → "1,789": short enough for the status bar. */
function count(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return n.toLocaleString('en-US');
}

export function statusText(label: string, health: Health, busy: number): { text: string; tooltip: string } {
  if (busy > 0) return { text: `$(sync~spin) KG-RAG: ${label}`, tooltip: `${busy} operation(s) running — click to cancel` };
  switch (health.state) {
    case 'restricted':
      return { text: '$(shield) KG-RAG: Restricted Mode', tooltip: 'Restricted Mode: plans are checked, but no graph is imported, connected or queried. Trust the workspace to run plans.' };
    case 'connecting':
      return { text: `$(sync~spin) KG-RAG: ${label}`, tooltip: `Connecting to ${label}…` };
    case 'connected':
      // The graph by name and size, so a glance says which graph plans run on.
      return {
        text: `$(database) KG-RAG: ${label} · ${count(health.nodes)} nodes · ${count(health.edges)} edges`,
        tooltip: `${label}: connected — ${health.nodes} nodes, ${health.edges} edges, ${health.labels} labels, ${health.relationshipTypes} relationship types. Click to choose a graph.`,
      };
    case 'error':
      return { text: `$(error) KG-RAG: ${label}${health.reason ? ` — ${health.reason}` : ''}`, tooltip: `${label}: ${health.message}\nClick to choose a graph.` };
    case 'disconnected':
      return { text: `$(debug-disconnect) KG-RAG: ${label}`, tooltip: `${label}: disconnected (it reconnects when you run a plan). Click to choose a graph.` };
    case 'not-connected':
      return { text: `$(database) KG-RAG: ${label}`, tooltip: `${label}: opens when you run a plan. Click to choose a graph.` };
  }
}

