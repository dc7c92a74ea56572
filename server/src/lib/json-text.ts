/**
 * A JSON answer already serialised, sent as it is by the routes that serialise their values
 * (response-cache.ts `route`, direct-routes.ts): the catalogue assembles its pages from tools
 * serialised once per stored row (store `listSerialized`).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  return value instanceof JsonText ? value.text : JSON.stringify(value);
}
