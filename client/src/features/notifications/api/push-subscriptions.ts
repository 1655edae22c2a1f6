import type { PushPublicKey, PushSubscriptionInput, PushSubscriptionList, SavedSubscription } from "@common/push";
import { api, apiRequest } from "@/lib/api";

/** GET /api/push/public-key: the VAPID key the browser subscribes with. */
export async function getPublicKey(): Promise<string> {
  const body = await api.get<PushPublicKey>("/api/push/public-key");
  return body.publicKey;
}

/** GET /api/push/subscriptions: the endpoints the server pushes to for the signed-in user. */
export function listSubscriptions(): Promise<PushSubscriptionList> {
  return api.get("/api/push/subscriptions");
}

/** POST /api/push/subscriptions: 201 new, 200 when the endpoint was already known. */
export function saveSubscription(body: PushSubscriptionInput): Promise<SavedSubscription> {
  return api.post("/api/push/subscriptions", body);
}

/** DELETE /api/push/subscriptions: 204. */
export function deleteSubscription(endpoint: string): Promise<void> {
  return apiRequest<void>("DELETE", "/api/push/subscriptions", { endpoint });
}
