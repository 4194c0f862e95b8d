// The webview side of the typed channel (src/protocol/webviewProtocol.ts): typed post and
// receive, and the webview's persisted state. Call connectToHost once per page.
import { isEnvelope, type PanelProtocol, type ToHostMap, type ToWebviewMap } from '../../src/protocol/webviewProtocol';
import { HandledDeliveries } from './handledDeliveries';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

type Handler<T> = (payload: T) => void;

export interface HostChannel<P extends PanelProtocol, State> {
  post<K extends keyof ToHostMap<P> & string>(type: K, payload: ToHostMap<P>[K]): void;
  on<K extends keyof ToWebviewMap<P> & string>(type: K, handler: Handler<ToWebviewMap<P>[K]>): void;
  /** what setState stored, kept by VS Code while the panel is hidden or the window reloads */
  getState(): State | undefined;
  /** never put secrets here: VS Code writes it to disk */
  setState(state: State): void;
}

export function connectToHost<P extends PanelProtocol, State = unknown>(): HostChannel<P, State> {
  const api = acquireVsCodeApi();
  const handlers = new Map<string, Handler<unknown>[]>();
  const post = (type: string, payload: unknown) => api.postMessage({ type, payload });
  const handled = new HandledDeliveries();

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isEnvelope(event.data)) return;
    const { delivery } = event.data as { delivery?: unknown };
    // Confirmed first, so a page that takes long to draw is not taken for one that never got it.
    post('received', { type: event.data.type, delivery: typeof delivery === 'number' ? delivery : undefined });
    if (!handled.isFirst(delivery)) return;
    for (const handler of handlers.get(event.data.type) ?? []) handler(event.data.payload);
  });
  window.addEventListener('error', (event) =>
    post('webviewError', { message: event.message, stack: event.error instanceof Error ? event.error.stack : undefined }),
  );
  window.addEventListener('unhandledrejection', (event) => post('webviewError', { message: String(event.reason) }));

  const channel: HostChannel<P, State> = {
    post: (type, payload) => post(type, payload),
    on: (type, handler) => {
      const list = handlers.get(type) ?? [];
      list.push(handler as Handler<unknown>);
      handlers.set(type, list);
    },
    getState: () => api.getState() as State | undefined,
    setState: (state) => api.setState(state),
  };
  // Announced after the caller registered its handlers (same task), so the host's answer is not missed.
  queueMicrotask(() => post('ready', null));
  return channel;
}
