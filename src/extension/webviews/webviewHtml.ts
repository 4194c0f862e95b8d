// The page every TiDB Lab webview loads: a strict CSP, the shared and the panel's styles, and the
// panel's bundle as the only script (by nonce). Everything else is built by the script.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';

export interface WebviewPage {
  /** the bundle name: dist/webview/<bundle>.js and, when present, dist/webview/<bundle>.css */
  bundle: string;
  title: string;
  /**
   * the message type that fills the page (e.g. 'show'): its arrival is confirmed, and a visible
   * page that does not confirm it is loaded again (see contentDelivery.ts)
   */
  contentMessage?: string;
}

export function webviewResourceRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPage): string {
  const root = webviewResourceRoot(extensionUri);
  const nonce = randomBytes(16).toString('base64');
  const styles = ['shared-base.css', `${page.bundle}.css`]
    .map((file) => vscode.Uri.joinPath(root, file))
    .filter((uri) => existsSync(uri.fsPath))
    .map((uri) => `<link rel="stylesheet" href="${webview.asWebviewUri(uri).toString()}">`)
    .join('\n    ');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, `${page.bundle}.js`)).toString();
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(vscode.env.language)}">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(webview.cspSource, nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}
    <title>${escapeAttribute(page.title)}</title>
  </head>
  <body>
    <main id="app" aria-busy="true"></main>
    <script nonce="${nonce}" src="${script}"></script>
  </body>
</html>`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
