// A local HTTP server that speaks the OpenAI chat-completions protocol, for planner tests (unit
// and extension host). It answers with what the test scripts and records every request.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly path: string;
  readonly authorization?: string;
  readonly body: { model?: string; messages?: { role: string; content: string }[]; temperature?: number };
}

export interface FakeOpenAi {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** What the next answers say: a reply text, or an HTTP status to fail with. */
  reply: (body: RecordedRequest['body']) => { content: string } | { status: number; message: string };
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (s += c));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    reply: () => ({ content: '' }),
    close: async () => undefined,
  };
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: RecordedRequest['body'] = {};
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      res.writeHead(400).end('{"error":{"message":"bad json"}}');
      return;
    }
    fake.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const r = fake.reply(body);
    if ('status' in r) {
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: r.message } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: r.content }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
