import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Logger } from './logger';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** "SMTP smtp://host:port" or "outbox only", for the start-up line. */
  readonly mode: string;
  /** Writes the mail to the outbox and, with SMTP, sends it in the background. Never rejects for SMTP trouble. */
  send(mail: Mail): Promise<void>;
  /** Resolves once every background send has finished (used when stopping). */
  idle(): Promise<void>;
  close(): void;
}

function describeSmtp(url: string): string {
  try {
    const parsed = new URL(url);
    return `SMTP ${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'SMTP (invalid URL)';
  }
}

export function createMailer(db: Db, smtpUrl: string | undefined, log: Logger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, mail: Mail): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail(mail);
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error(`mail ${id} to ${mail.to} not sent: ${message}`);
      await db
        .update(outbox)
        .set({ error: message.slice(0, 1000) })
        .where(eq(outbox.id, id))
        .catch(() => undefined);
    }
  }

  return {
    mode: smtpUrl ? describeSmtp(smtpUrl) : 'outbox only',
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({ toAddress: mail.to, subject: mail.subject, text: mail.text })
        .returning({ id: outbox.id });
      if (!row) return;
      if (!transport) {
        // Without SMTP (a demo, development) the log is where a reset link is read: the CLI cannot
        // open a PGlite folder while the server holds it.
        log.info(`mail to ${mail.to} kept in outbox: ${mail.subject}\n${mail.text}`);
        return;
      }
      // Sent after the answer so that neither SMTP delays nor failures reach the request.
      const job = deliver(row.id, mail).finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
