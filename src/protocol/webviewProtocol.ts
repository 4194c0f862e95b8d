// The typed channel between the extension host and every webview. A panel's protocol is two maps
// from message type to payload: what the host sends and what the webview sends. Both sides wrap
// each message in the same envelope, so one helper per side serves every panel.
// This module is shared by the host and the webview bundles: it must not import `vscode` or Node.

/** Message type -> payload. Use `null` for messages without a payload. */
export type MessageMap = object;

export interface PanelProtocol<ToWebview extends MessageMap = MessageMap, ToHost extends MessageMap = MessageMap> {
  toWebview: ToWebview;
  toHost: ToHost;
}

/**
 * Messages every webview sends whatever its panel: `ready` once its script runs, `received` for
 * each message from the host as it arrives (the host sends its content again, then reloads a page
 * that never confirms it), `webviewError` on an uncaught error.
 */
export interface CommonToHost {
  ready: null;
  /** `delivery`: the number the host sent the message with */
  received: { type: string; delivery?: number };
  webviewError: { message: string; stack?: string };
}

export type Envelope<M extends MessageMap> = { [K in keyof M & string]: { type: K; payload: M[K] } }[keyof M & string];

export type ToWebviewMap<P extends PanelProtocol> = P['toWebview'];
export type ToHostMap<P extends PanelProtocol> = P['toHost'] & CommonToHost;
export type ToWebviewMessage<P extends PanelProtocol> = Envelope<ToWebviewMap<P>>;
export type ToHostMessage<P extends PanelProtocol> = Envelope<ToHostMap<P>>;

/** Checks the shape only; each handler still validates its payload (a webview is not trusted). */
export function isEnvelope(value: unknown): value is { type: string; payload: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && 'payload' in value;
}
