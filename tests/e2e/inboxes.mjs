// Where the browser tests read what Tessera sends: an SMTP server on the port the demo brands'
// smtp-email plugin uses, and the development SMS sender's outbox file.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
export const SMTP_PORT = Number(process.env.TESSERA_E2E_SMTP_PORT || 2525);
const SMS_OUTBOX = `${REPOSITORY}var/sms-outbox.jsonl`;

/** A local SMTP server keeping every message it accepts; ``close()`` when done. */
export async function startMailbox() {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({ to: mail.to?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', resolve);
  });
  return {
    messages,
    /** The first message to ADDRESS, waiting up to TIMEOUT ms for it. */
    async waitFor(address, timeout = 15000) {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline) {
        const found = messages.find((message) => message.to.includes(address));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no email to ${address} within ${timeout} ms (got ${messages.length})`);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The newest code texted to PHONE (E.164) since LINES lines of the outbox, waiting for it. */
export async function smsCode(phone, { since = 0, timeout = 15000 } = {}) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const sent = smsOutbox().slice(since).filter((line) => line.to === phone);
    const code = sent.length ? /\b(\d{7})\b/.exec(sent[sent.length - 1].message)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code texted to ${phone} within ${timeout} ms`);
}

/** Every message in the development SMS sender's outbox, oldest first. */
export function smsOutbox() {
  if (!existsSync(SMS_OUTBOX)) return [];
  return readFileSync(SMS_OUTBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
