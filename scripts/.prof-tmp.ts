import { openSession } from '../src/core/session';
import { Asker } from '../src/core/ask';
async function main() {
  const s = await openSession({ store: { kind: 'embedded', folder: process.argv[2]!, readOnly: true }, embedder: { kind: 'lexical' }, placement: 'store' });
  const idx = await s.searchIndex();
  const log: string[] = [];
  const asker = new Asker(idx, { embedder: s.embedder, store: { dialect: s.store.dialect, query: async (c, o) => { const t0 = performance.now(); const r = await s.query(c, o); log.push(`${(performance.now() - t0).toFixed(0)} ms (server ${r.serverMs?.toFixed(0)}) branches ${c.split('UNION ALL').length} rows ${r.rows.length} :: ${c.slice(0, 90).replace(/\n/g, ' ')}`); return r; } } });
  for (const q of process.argv.slice(3)) {
    log.length = 0;
    const r = await asker.ask(q, { placement: { requested: 'store', ran: 'store', reason: 'x' } });
    console.log(q, r.timings.totalMs.toFixed(0), 'ms');
    for (const l of log) console.log('  ' + l);
  }
  await s.close();
}
main();
