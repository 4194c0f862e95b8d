// Wires the local TiDB cluster (TiUP playground) commands.
import * as vscode from 'vscode';
import type { TidbLabApi } from '../api';
import { PLAYGROUND_COMMANDS } from './playgroundIds';
import { PlaygroundService } from './playgroundService';

export function registerPlaygroundFeature(context: vscode.ExtensionContext, api: TidbLabApi): PlaygroundService {
  const service = new PlaygroundService(api, context.globalStorageUri.fsPath, (profileId) => api.explorer.expandCluster(profileId));
  context.subscriptions.push(
    service,
    vscode.commands.registerCommand(PLAYGROUND_COMMANDS.start, () => service.start()),
    vscode.commands.registerCommand(PLAYGROUND_COMMANDS.stop, () => service.stop()),
    vscode.commands.registerCommand(PLAYGROUND_COMMANDS.connect, () => service.connectRunning()),
    vscode.commands.registerCommand(PLAYGROUND_COMMANDS.showLog, () => service.showLog()),
    vscode.commands.registerCommand(PLAYGROUND_COMMANDS.openDashboard, () => service.openDashboard()),
    vscode.commands.registerCommand(PLAYGROUND_COMMANDS.actions, () => service.actions()),
  );
  return service;
}
