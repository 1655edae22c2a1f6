import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; headers: Map<string, string>; subject: string; text: string };

/** Unfolds RFC 5322 headers and decodes quoted-printable bodies, enough to read what was sent. */
function parse(raw: string): Pick<ReceivedMail, "headers" | "subject" | "text"> {
  const split = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  if (/quoted-printable/i.test(headers.get("content-transfer-encoding") ?? "")) {
    body = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  }
  return { headers, subject: headers.get("subject") ?? "", text: body.replace(/\r\n/g, "\n") };
}

/** A tiny SMTP server on 127.0.0.1 that keeps every mail it is given. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parse(raw) });
        callback();
      });
    },
  });
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  to(address: string) {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
  }
}
