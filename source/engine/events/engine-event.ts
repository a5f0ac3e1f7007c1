// One line of GET /events (the fields berth reads; `status`, `id` and `from` are the older API's names).
export type EngineEvent = {
  Type?: string;
  Action?: string;
  Actor?: {ID?: string; Attributes?: Record<string, string>};
  scope?: string;
  time?: number;
  timeNano?: number;
  // timeNano as the engine wrote it: past 2^53 a JS number loses its last digits (event-lines.ts sets it).
  timeNanoText?: string;
  status?: string;
  id?: string;
  from?: string;
};
