import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentSecurityPolicy, inspectorHtml, makeNonce } from '../../../src/extension/inspector/html';

describe('inspectorHtml', () => {
  const input = { cspSource: 'https://x.vscode-cdn.net', nonce: 'abcDEF123', scriptUri: 'https://x.vscode-cdn.net/m/inspector.js', styleUri: 'https://x.vscode-cdn.net/m/inspector.css' };
  const html = inspectorHtml(input);

  it('carries the strict CSP: nothing by default, scripts only by nonce', () => {
    const csp = contentSecurityPolicy(input.cspSource, input.nonce);
    assert.equal(
      csp,
      "default-src 'none'; img-src https://x.vscode-cdn.net data:; style-src https://x.vscode-cdn.net 'nonce-abcDEF123'; script-src 'nonce-abcDEF123'; font-src https://x.vscode-cdn.net",
    );
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${csp.replace(/'/g, "'")}">`));
    assert.ok(!/unsafe-inline|unsafe-eval/.test(html));
  });

  it('loads exactly one script, with the nonce, and no inline handlers or inline script', () => {
    assert.deepEqual(html.match(/<script[^>]*>/g), ['<script nonce="abcDEF123" src="https://x.vscode-cdn.net/m/inspector.js">']);
    assert.ok(!/\son[a-z]+=/i.test(html));
    assert.match(html, /<link id="__________cytoscape_stylesheet" rel="stylesheet" nonce="abcDEF123" href="https:\/\/x\.vscode-cdn\.net\/m\/inspector\.css">/);
  });

  it('escapes attribute values', () => {
    const evil = inspectorHtml({ ...input, scriptUri: 'x"><script>alert(1)</script>' });
    assert.ok(!evil.includes('<script>alert(1)'));
    assert.ok(evil.includes('x&quot;&gt;&lt;script&gt;'));
  });

  it('makes 32-character alphanumeric nonces that differ', () => {
    const a = makeNonce();
    const b = makeNonce();
    assert.match(a, /^[A-Za-z0-9]{32}$/);
    assert.notEqual(a, b);
  });
});
