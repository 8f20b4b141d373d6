// A real SMTP server on loopback for the e2e run. It keeps every message it receives and lists them
// over HTTP (GET /messages?to=<address>) so a test can read the mail the platform sent.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { E2E } from './ports';

type Received = { to: string[]; raw: string; receivedAt: number };
const inbox: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      inbox.push({ to, raw: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      callback();
    });
  },
});
smtp.listen(E2E.smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') {
    res.end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(inbox.filter((m) => !to || m.to.includes(to))));
    return;
  }
  res.statusCode = 404;
  res.end();
}).listen(E2E.mailHttpPort, '127.0.0.1');
