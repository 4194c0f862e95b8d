// A webview panel that speaks one panel protocol (src/protocol/): strict CSP, resources only from
// dist/webview, typed post and receive. Create one with `create`, or `adopt` the panel a
// WebviewPanelSerializer hands back after a reload.
import * as vscode from 'vscode';
import { isEnvelope, type PanelProtocol, type ToHostMap, type ToWebviewMap } from '../../protocol/webviewProtocol';
import { ContentDelivery } from './contentDelivery';
import { webviewHtml, webviewResourceRoot, type WebviewPage } from './webviewHtml';

export interface PanelOptions extends WebviewPage {
  viewType: string;
  column?: vscode.ViewColumn;
  /** only when the webview's state cannot be rebuilt cheaply from getState/setState */
  retainContextWhenHidden?: boolean;
  iconPath?: vscode.Uri | { readonly light: vscode.Uri; readonly dark: vscode.Uri };
}

type Handler<T> = (payload: T) => void | Promise<void>;

export interface WebviewLog {
  warn(message: string): void;
  error(message: string): void;
}

export class TypedWebviewPanel<P extends PanelProtocol> implements vscode.Disposable {
  private readonly handlers = new Map<string, Handler<unknown>[]>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly delivery: ContentDelivery;

  static create<P extends PanelProtocol>(extensionUri: vscode.Uri, options: PanelOptions, log: WebviewLog): TypedWebviewPanel<P> {
    const panel = vscode.window.createWebviewPanel(options.viewType, options.title, options.column ?? vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [webviewResourceRoot(extensionUri)],
      retainContextWhenHidden: options.retainContextWhenHidden ?? false,
    });
    if (options.iconPath) panel.iconPath = options.iconPath;
    return new TypedWebviewPanel<P>(panel, extensionUri, options, log);
  }

  /** For a panel restored by a WebviewPanelSerializer. */
  static adopt<P extends PanelProtocol>(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    page: WebviewPage,
    log: WebviewLog,
  ): TypedWebviewPanel<P> {
    panel.webview.options = { enableScripts: true, localResourceRoots: [webviewResourceRoot(extensionUri)] };
    return new TypedWebviewPanel<P>(panel, extensionUri, page, log);
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    page: WebviewPage,
    private readonly log: WebviewLog,
  ) {
    this.delivery = new ContentDelivery(
      {
        send: (message) => void panel.webview.postMessage(message),
        // A new nonce makes new HTML, so the webview loads it again.
        reloadPage: () => (panel.webview.html = webviewHtml(panel.webview, extensionUri, page)),
        isVisible: () => panel.visible,
        warn: (message) => log.warn(`Webview ${page.bundle} "${panel.title}": ${message}`),
      },
      page.contentMessage,
    );
    this.disposables.push(panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)));
    this.disposables.push(panel.onDidDispose(() => this.disposeListeners()));
    this.on('webviewError', ({ message, stack }) => log.error(`Webview ${page.bundle}: ${message}${stack ? `\n${stack}` : ''}`));
    // Registered before any owner's handler, so the owner's answer to `ready` is sent, not queued.
    this.on('ready', () => this.delivery.onReady());
    this.on('received', (payload) => this.delivery.onReceived(payload?.type, payload?.delivery));
    this.delivery.pageLoading();
    panel.webview.html = webviewHtml(panel.webview, extensionUri, page);
  }

  get onDidDispose(): vscode.Event<void> {
    return this.panel.onDidDispose;
  }

  /** Messages posted before the webview's script said `ready` are queued, so none is lost. */
  post<K extends keyof ToWebviewMap<P> & string>(type: K, payload: ToWebviewMap<P>[K]): void {
    this.delivery.post({ type, payload });
  }

  on<K extends keyof ToHostMap<P> & string>(type: K, handler: Handler<ToHostMap<P>[K]>): vscode.Disposable {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as Handler<unknown>);
    this.handlers.set(type, list);
    return new vscode.Disposable(() => list.splice(list.indexOf(handler as Handler<unknown>), 1));
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    this.panel.dispose();
  }

  private receive(message: unknown): void {
    if (!isEnvelope(message)) {
      this.log.warn(`Ignored a malformed message from a webview: ${JSON.stringify(message)?.slice(0, 200)}`);
      return;
    }
    const handlers = this.handlers.get(message.type);
    if (!handlers?.length) {
      this.log.warn(`No handler for webview message '${message.type}'.`);
      return;
    }
    for (const handler of [...handlers]) {
      Promise.resolve()
        .then(() => handler(message.payload))
        .catch((error: unknown) =>
          this.log.error(
            `Handling webview message '${message.type}' failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          ),
        );
    }
  }

  private disposeListeners(): void {
    this.delivery.dispose();
    this.handlers.clear();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}
