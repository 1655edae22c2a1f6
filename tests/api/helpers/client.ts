/** A small HTTP client with a cookie jar, sending the Origin a browser on our pages would send. */
export class Client {
  cookies = new Map<string, string>();
  rawSetCookies: string[] = [];

  constructor(public baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { origin: this.baseUrl, ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === "string" || body instanceof Uint8Array) {
      payload = body as BodyInit;
    } else if (body !== undefined) {
      h["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: "manual" });
    this.rawSetCookies = res.headers.getSetCookie();
    for (const c of this.rawSetCookies) {
      const [pair, ...attrs] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: json, text };
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", path, body, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("PATCH", path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request("DELETE", path, undefined, headers);
}

let counter = 0;

export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@nhs.net`;
}

export const PASSWORD = "Str0ng!pass";

export function registration(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string) ?? uniqueEmail();
  return {
    firstName: "Alex",
    lastName: "Morgan",
    email,
    username: email,
    password: PASSWORD,
    clinicalGrade: "paramedic",
    paramedicBase: "Dudley",
    hub: "Dudley Hub",
    activelySeekingSwaps: false,
    swapUrgency: "none",
    ...overrides,
  };
}

/** Registers a new user and returns a client signed in as them. */
export async function signedInClient(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const client = new Client(baseUrl);
  const res = await client.post("/api/auth/register", registration(overrides));
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user: res.body as { id: number; email: string; firstName: string } };
}
