import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";

/**
 * A TLS server on 127.0.0.1 standing for something inside the network (an admin port, a metadata
 * service) that a push must never reach. It counts every TCP connection, handshake or not, with a
 * throwaway self-signed certificate that no client trusts.
 */
export class TlsListener {
  connections = 0;
  port = 0;
  private server: tls.Server;

  constructor() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-tls-"));
    try {
      const key = path.join(dir, "key.pem");
      const cert = path.join(dir, "cert.pem");
      execFileSync(
        "openssl",
        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
          "-subj",
          "/CN=inside.test",
          "-keyout",
          key,
          "-out",
          cert,
        ]),
        { stdio: "ignore" },
      );
      this.server = tls.createServer({ key: readFileSync(key), cert: readFileSync(cert) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    this.server.on("connection", () => {
      this.connections += 1;
    });
    // A client that refuses the certificate ends the handshake: nothing to report.
    this.server.on("tlsClientError", () => undefined);
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
