/** What the status bar item says for a graph, its health and running work — pure, unit-tested. */
import type { Health } from '../graph/connection';

export function statusText(label: string, health: Health, busy: number): { text: string; tooltip: string } {
  if (busy > 0) return { text: `$(sync~spin) KG-RAG: ${label}`, tooltip: `${busy} operation(s) running — click to cancel` };
  switch (health.state) {
    case 'restricted':
      return { text: '$(shield) KG-RAG: Restricted Mode', tooltip: 'Restricted Mode: plans are checked, but no graph is imported, connected or queried. Trust the workspace to run plans.' };
    case 'connecting':
      return { text: `$(sync~spin) KG-RAG: ${label}`, tooltip: `Connecting to ${label}…` };
    case 'connected':
      return { text: `$(database) KG-RAG: ${label}`, tooltip: `${label}: connected — ${health.nodes} nodes, ${health.labels} labels, ${health.relationshipTypes} relationship types. Click to choose a graph.` };
    case 'error':
      return { text: `$(error) KG-RAG: ${label}`, tooltip: `${label}: ${health.message}\nClick to choose a graph.` };
    case 'disconnected':
      return { text: `$(debug-disconnect) KG-RAG: ${label}`, tooltip: `${label}: disconnected (it reconnects when you run a plan). Click to choose a graph.` };
    case 'not-connected':
      return { text: `$(database) KG-RAG: ${label}`, tooltip: `${label}: opens when you run a plan. Click to choose a graph.` };
  }
}

