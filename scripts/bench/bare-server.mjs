// The HTTP baseline of `npm run bench`: Fastify answering a constant JSON, nothing else.
import Fastify from "fastify";

const app = Fastify({ logger: false });
const body = {
  id: 4242,
  username: "baseline@nhs.net",
  email: "baseline@nhs.net",
  firstName: "Base",
  lastName: "Line",
  clinicalGrade: "paramedic",
  paramedicBase: "Dudley",
  hub: "Dudley Hub",
  activelySeekingSwaps: false,
  swapUrgency: "none",
  createdAt: "2025-06-01T00:00:00.000Z",
};
app.get("/bare", async () => body);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
