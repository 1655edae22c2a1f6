import { describe, expect, it } from "vitest";
import { realtimeEnvelopeSchema } from "../../common/realtime";
import { envelopesFor, MAX_RECIPIENTS_PER_NOTIFY } from "../../server/events/publish";

const event = { type: "SWAP_UPDATED" as const, payload: { swapRequestId: 2_147_483_647 } };
// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
const NOTIFY_PAYLOAD_LIMIT = 8000;

describe("envelopesFor", () => {
  it("splits a change touching many users into NOTIFY payloads under the limit, each user once", () => {
    const many = Array.from({ length: 2 * MAX_RECIPIENTS_PER_NOTIFY + 7 }, (_, i) => 2_147_483_647 - i);
    const payloads = envelopesFor([...many, ...many], event);
    expect(payloads).toHaveLength(3);
    const envelopes = payloads.map((p) => realtimeEnvelopeSchema.parse(JSON.parse(p)));
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
    for (const e of envelopes) expect(e.event).toEqual(event);
    expect(envelopes.flatMap((e) => e.to).sort()).toEqual([...many].sort());
  });

  it("gives the same payload for the same users in any order, and none for nobody", () => {
    expect(envelopesFor([2, 1, 2], event)).toEqual(envelopesFor([1, 2], event));
    expect(envelopesFor([], event)).toEqual([]);
  });
});
