// The protection routes of the API (issue 7), on top of the shared HTTP client.
import { request } from "../api.js";

export const protection = {
  status: () => request("GET", "/api/protection/status"),
  limits: () => request("GET", "/api/protection/limits"),
  setDepositLimit: (period, amount) => request("PUT", `/api/protection/limits/deposit/${period}`, { amount }),
  setTimeLimit: (period, hours) => request("PUT", `/api/protection/limits/time/${period}`, { hours }),
  realityCheck: () => request("GET", "/api/protection/reality-check"),
  ackRealityCheck: () => request("POST", "/api/protection/reality-check/ack", {}),
  selfExclude: (months, confirm) => request("POST", "/api/protection/self-exclusion", { months, confirm }),
  submitVerification: (documents) => request("POST", "/api/protection/verification", { documents }),
  complain: (roundId, text) => request("POST", "/api/protection/complaints", { round_id: roundId, text }),
  complaints: () => request("GET", "/api/protection/complaints"),
};

export const backoffice = {
  players: (login) => request("GET", `/api/backoffice/players?login=${encodeURIComponent(login || "")}`),
  player: (id) => request("GET", `/api/backoffice/players/${id}`),
  verifications: () => request("GET", "/api/backoffice/verifications?state=pending"),
  review: (id, decision, note) => request("POST", `/api/backoffice/players/${id}/verification`, { decision, note }),
  block: (id, reason, note) => request("POST", `/api/backoffice/players/${id}/blocks`, { reason, note }),
  lift: (blockId, note) => request("POST", `/api/backoffice/blocks/${blockId}/lift`, { note }),
  complaints: (state) => request("GET", `/api/backoffice/complaints${state ? `?state=${state}` : ""}`),
  resolve: (id, outcome, decision) => request("POST", `/api/backoffice/complaints/${id}/resolution`, { outcome, decision }),
  register: () => request("GET", "/api/backoffice/register"),
  addEntry: (document_number, reason, until) => request("POST", "/api/backoffice/register", { document_number, reason, until: until || null }),
  liftEntry: (id) => request("POST", `/api/backoffice/register/${id}/lift`, {}),
  bonus: (id, amount, wager_multiplier) => request("POST", `/api/backoffice/players/${id}/bonuses`, { amount, wager_multiplier }),
  payout: (id, amount) => request("POST", `/api/backoffice/players/${id}/payout`, { amount }),
  auditVerify: () => request("GET", "/api/backoffice/audit/verify"),
};
