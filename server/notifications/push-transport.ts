import http from "node:http";
import https from "node:https";
import {
  type AddressLookup,
  type AddressPolicy,
  connectLookup,
  ipOf,
  isRefusedName,
  RefusedAddressError,
  systemLookup,
} from "../security/public-address";

/**
 * Posts encrypted pushes over kept-alive connections, in the push worker's process. node:http costs
 * about half the CPU of `fetch` per push (0.42 against 0.90 ms, encryption included, measured on
 * the bench machine), and that process shares the CPUs with the one answering requests.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export type PushRequest = {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** A push service that answers nothing for this long is given up on for this attempt. */
  timeoutMs: number;
  signal: AbortSignal;
  /** Who may be reached (DESIGN §5.24); loopback only where tests run their push service. */
  policy: AddressPolicy;
  lookup?: AddressLookup;
};

/** Answered instead of a status when the endpoint leads somewhere a push may not go: it never will. */
export const REFUSED_ADDRESS = -1;

/**
 * The push service's status, or REFUSED_ADDRESS without connecting when the endpoint is not a
 * public address now; rejects when it cannot be reached, hangs, or the send is aborted.
 */
export function postPush(req: PushRequest): Promise<number> {
  const url = new URL(req.endpoint);
  const plainAllowed = req.policy.allowLoopback && url.protocol === "http:";
  if ((url.protocol !== "https:" && !plainAllowed) || isRefusedName(url.hostname, req.policy)) {
    return Promise.resolve(REFUSED_ADDRESS);
  }
  const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
  const send = url.protocol === "https:" ? https.request : http.request;
  // An address in the URL is checked above; a name is checked where it is resolved, at each connection.
  const lookup = ipOf(url.hostname) ? undefined : connectLookup(req.lookup ?? systemLookup, req.policy);
  return new Promise<number>((resolve, reject) => {
    const out = send(
      url,
      { method: "POST", headers: req.headers, agent, signal: req.signal, timeout: req.timeoutMs, lookup },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    out.on("timeout", () => out.destroy(new Error(`push service did not answer within ${req.timeoutMs} ms`)));
    out.on("error", (err) => (err instanceof RefusedAddressError ? resolve(REFUSED_ADDRESS) : reject(err)));
    out.end(req.body ?? undefined);
  });
}
