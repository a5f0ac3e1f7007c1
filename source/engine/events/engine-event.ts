// One line of GET /events (the fields berth reads; `status`, `id` and `from` are the older API's names).
export type EngineEvent = {
  Type?: string;
  Action?: string;
  Actor?: {ID?: string; Attributes?: Record<string, string>};
  scope?: string;
  time?: number;
  timeNano?: number;
  status?: string;
  id?: string;
  from?: string;
};
